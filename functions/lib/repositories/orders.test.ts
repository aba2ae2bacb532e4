/**
 * Unit test of the public gallery sales query with the DynamoDB client mocked: it reads the seller's
 * orders only from the given time on (the index's sort key), keeps the gallery's by its public id, takes
 * only the fields the figures need, and follows every page. (Against the stand-in's index:
 * test/integration/public-galleries.test.ts.)
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../testing/unit-env';
import { listPublicGallerySales } from './orders';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => dynamo.reset());

describe('listPublicGallerySales', () => {
  it("reads the seller's orders from the given time on, through bySeller, every page", async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [{ status: 'FULFILLED', totalMinor: 800 }],
        LastEvaluatedKey: { orderId: 'o1', sellerId: 'seller-1', createdAt: '2026-06-01T09:00:00.000Z' },
      })
      .resolvesOnce({ Items: [{ status: 'REFUNDED', totalMinor: 500, refundedMinor: 500 }] });
    const sales = await listPublicGallerySales('seller-1', 'public-1', '2026-06-01T07:55:00.000Z');
    expect(sales).toEqual([
      { status: 'FULFILLED', totalMinor: 800 },
      { status: 'REFUNDED', totalMinor: 500, refundedMinor: 500 },
    ]);
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      TableName: 'orders',
      IndexName: 'bySeller',
      KeyConditionExpression: 'sellerId = :sellerId AND createdAt >= :since',
      FilterExpression: 'publicId = :publicId',
      ExpressionAttributeValues: {
        ':sellerId': 'seller-1',
        ':since': '2026-06-01T07:55:00.000Z',
        ':publicId': 'public-1',
      },
    });
    expect(queries[0]?.ProjectionExpression).toBe('#status, totalMinor, refundedMinor');
    expect(queries[1]?.ExclusiveStartKey).toEqual({
      orderId: 'o1',
      sellerId: 'seller-1',
      createdAt: '2026-06-01T09:00:00.000Z',
    });
  });
});
