/**
 * Unit test of the face search lanes' photo query with the DynamoDB client mocked: strongly consistent
 * (a photo made READY just before the search was switched on must be in its lane), the READY photos of
 * the id range only, a small page at a time and only as far as the caller reads.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../testing/unit-env';
import { readyPhotoIdsBetween } from './photos';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => dynamo.reset());

const all = async (ids: AsyncGenerator<string>) => {
  const taken: string[] = [];
  for await (const id of ids) taken.push(id);
  return taken;
};

describe('readyPhotoIdsBetween', () => {
  it('reads the range strongly consistent, READY only, page after page', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ photoId: 'b' }], LastEvaluatedKey: { galleryId: 'g', photoId: 'c' } })
      .resolvesOnce({ Items: [{ photoId: 'd' }] });
    expect(await all(readyPhotoIdsBetween('g', 'b', 'e'))).toEqual(['b', 'd']);
    const [first, second] = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(first).toMatchObject({
      TableName: 'photos',
      KeyConditionExpression: 'galleryId = :galleryId AND photoId BETWEEN :from AND :through',
      FilterExpression: '#status = :ready',
      ExpressionAttributeValues: { ':galleryId': 'g', ':from': 'b', ':through': 'e', ':ready': 'READY' },
      ConsistentRead: true,
    });
    expect(first?.Limit).toBeLessThanOrEqual(10);
    expect(second?.ExclusiveStartKey).toEqual({ galleryId: 'g', photoId: 'c' });
  });

  it('reads no further page than the caller takes', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ photoId: 'b' }, { photoId: 'c' }],
      LastEvaluatedKey: { galleryId: 'g', photoId: 'c' },
    });
    for await (const id of readyPhotoIdsBetween('g', 'a', 'z')) if (id === 'b') break;
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('asks nothing for a reversed range (DynamoDB would refuse it)', async () => {
    expect(await all(readyPhotoIdsBetween('g', 'e', 'b'))).toEqual([]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
