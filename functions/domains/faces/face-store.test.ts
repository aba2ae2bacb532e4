/**
 * Unit test of the faces repository's marks of photos not described, with the DynamoDB client mocked:
 * a mark never overwrites descriptors, counts apart in the progress, is not a described photo, and is
 * left out of the faces the search indexes.
 */
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../../lib/testing/unit-env';
import { describedPhotoIds, faceSearchProgress, listGalleryFaces, markFacesNotDescribed } from './face-store';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => dynamo.reset());

const now = new Date('2026-06-02T10:00:00.000Z');
const packed = (values: number[]) => new Uint8Array(new Float32Array(values).buffer);

describe('the mark of a photo whose faces could not be described', () => {
  it('is written only where no descriptors are, and a refusal (described meanwhile) is not an error', async () => {
    dynamo
      .on(PutCommand)
      .rejects(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }));
    await markFacesNotDescribed('g', 'p1', 1_780_000_000, now);
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      Item: { galleryId: 'g', photoId: 'p1', failedAt: now.toISOString(), expiresAtEpoch: 1_780_000_000 },
      ConditionExpression: 'attribute_not_exists(descriptors)',
    });
  });

  it('counts apart from the photos described, expired items left out', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { photoId: 'p1' },
        { photoId: 'p2', failedAt: now.toISOString() },
        { photoId: 'p3', expiresAtEpoch: now.getTime() / 1000 - 1 },
        { photoId: 'p4', expiresAtEpoch: now.getTime() / 1000 + 60 },
      ],
    });
    expect(await faceSearchProgress('g', now)).toEqual({ described: 2, failed: 1 });
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input.ProjectionExpression).toBe(
      'photoId, expiresAtEpoch, failedAt',
    );
  });

  it('is not a described photo (a later delivery tries it again)', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { faces: [{ photoId: 'p1' }, { photoId: 'p2', failedAt: now.toISOString() }] },
    });
    expect(await describedPhotoIds('g', ['p1', 'p2', 'p3'])).toEqual(new Set(['p1']));
    expect(dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems?.faces).toMatchObject({
      ConsistentRead: true,
    });
  });

  it('is left out of the faces the search indexes', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { photoId: 'p1', dims: 2, descriptors: packed([0.5, 0.25]) },
        { photoId: 'p2', failedAt: now.toISOString() },
        { photoId: 'p3', dims: 2, descriptors: packed([]) },
      ],
    });
    const faces = await listGalleryFaces('g', now);
    expect(faces.map((f) => [f.photoId, Array.from(f.descriptors[0]!)])).toEqual([['p1', [0.5, 0.25]]]);
  });
});
