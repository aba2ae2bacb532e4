/**
 * Unit test of the photo walk's page query with the DynamoDB client mocked: strongly consistent (a photo
 * made READY just before a walk started must be in it), READY photos only, after the cursor, never more
 * than the page asks for, and the cursor of the next page.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../../lib/testing/unit-env';
import { readyPhotoIdsAfter } from './photo-store';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => dynamo.reset());

const inputs = () => dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);

describe('readyPhotoIdsAfter', () => {
  it('reads READY ids strongly consistent from the start, and says where the next page starts', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ photoId: 'a' }, { photoId: 'b' }],
      LastEvaluatedKey: { galleryId: 'g', photoId: 'b' },
    });
    expect(await readyPhotoIdsAfter('g', undefined, 2)).toEqual({ photoIds: ['a', 'b'], next: 'b' });
    const [first] = inputs();
    expect(first).toMatchObject({
      TableName: 'photos',
      KeyConditionExpression: 'galleryId = :galleryId',
      FilterExpression: '#status = :ready',
      ExpressionAttributeValues: { ':galleryId': 'g', ':ready': 'READY' },
      ConsistentRead: true,
      Limit: 2,
    });
    expect(first?.ExclusiveStartKey).toBeUndefined();
  });

  it('goes on past photos not READY until the page is full, reading only what it still needs', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ photoId: 'd' }], LastEvaluatedKey: { galleryId: 'g', photoId: 'e' } })
      .resolvesOnce({
        Items: [{ photoId: 'f' }, { photoId: 'g' }],
        LastEvaluatedKey: { galleryId: 'g', photoId: 'g' },
      });
    expect(await readyPhotoIdsAfter('g', 'c', 3)).toEqual({ photoIds: ['d', 'f', 'g'], next: 'g' });
    const [first, second] = inputs();
    expect(first).toMatchObject({ ExclusiveStartKey: { galleryId: 'g', photoId: 'c' }, Limit: 3 });
    expect(second).toMatchObject({ ExclusiveStartKey: { galleryId: 'g', photoId: 'e' }, Limit: 2 });
  });

  it('has no next page once the gallery has no more photos', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ photoId: 'x' }] });
    expect(await readyPhotoIdsAfter('g', 'w', 5)).toEqual({ photoIds: ['x'] });
    expect(inputs()).toHaveLength(1);
  });
});
