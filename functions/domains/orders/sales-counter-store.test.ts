/**
 * Unit test of the sales counters repository with the DynamoDB client mocked: the updates a move makes
 * (one per scope, only the fields it adds to, keyed by UTC month and currency), the months a read
 * follows page by page.
 * (Against the stand-ins: test/integration/sales-counters.test.ts.)
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../../lib/testing/unit-env';
import { counterParts, readCounterMonths, totalsByCurrency } from './sales-counter-store';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);

beforeEach(() => dynamo.reset());

const order = { orderId: 'o1', sellerId: 's1', galleryId: 'g1', publicId: 'pub1', currency: 'GBP' };

describe('counterParts', () => {
  it('adds the move’s fields to each scope’s month in the order’s currency', () => {
    const parts = counterParts(order, {
      at: '2026-05-31T23:30:00.000-01:00',
      counts: { ordersPaid: 1, grossMinor: 1500, refundedMinor: 0 },
    });
    expect(parts.map((part) => part.Update?.Key)).toEqual([
      { scope: 'seller#s1', period: '2026-06#GBP' },
      { scope: 'gallery#g1', period: '2026-06#GBP' },
      { scope: 'public#pub1', period: '2026-06#GBP' },
      { scope: 'ranking#s1', period: 'gallery#g1#GBP' },
      { scope: 'ranking#s1', period: 'public#pub1#GBP' },
    ]);
    // The ranking's items are all time: no month, and no name or value the update does not use.
    expect(parts[3]?.Update).toMatchObject({
      UpdateExpression: 'SET #currency = :currency ADD #ordersPaid :ordersPaid, #grossMinor :grossMinor',
      ExpressionAttributeNames: {
        '#currency': 'currency',
        '#ordersPaid': 'ordersPaid',
        '#grossMinor': 'grossMinor',
      },
      ExpressionAttributeValues: { ':currency': 'GBP', ':ordersPaid': 1, ':grossMinor': 1500 },
    });
    expect(Object.keys(parts[3]!.Update!.ExpressionAttributeValues!)).toHaveLength(3);
    expect(parts[0]?.Update).toMatchObject({
      TableName: 'salesCounters',
      UpdateExpression:
        'SET #month = :month, #currency = :currency ADD #ordersPaid :ordersPaid, #grossMinor :grossMinor',
      ExpressionAttributeValues: {
        ':month': '2026-06',
        ':currency': 'GBP',
        ':ordersPaid': 1,
        ':grossMinor': 1500,
      },
    });
  });

  it("counts an order made by the seller in its gallery's ranking only", () => {
    const parts = counterParts(
      { ...order, publicId: undefined },
      { at: '2026-05-01T00:00:00.000Z', counts: { ordersPlaced: 1 } },
    );
    expect(parts.map((part) => part.Update?.Key?.scope)).toEqual(['seller#s1', 'gallery#g1', 'ranking#s1']);
  });

  it('writes nothing for a move that adds nothing', () => {
    expect(counterParts(order, { at: '2026-05-01T00:00:00.000Z', counts: { grossMinor: 0 } })).toEqual([]);
  });
});

describe('reading', () => {
  it('reads a scope’s months page by page, from a month on when asked, and adds them up by currency', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [
          { scope: 'public#pub1', period: '2026-04#GBP', month: '2026-04', currency: 'GBP', grossMinor: 800 },
        ],
        LastEvaluatedKey: { scope: 'public#pub1', period: '2026-04#GBP' },
      })
      .resolvesOnce({
        Items: [
          { month: '2026-05', currency: 'GBP', grossMinor: 500, ordersPaid: 1 },
          { month: '2026-05', currency: 'EUR', grossMinor: 900 },
        ],
      });
    const months = await readCounterMonths('public#pub1', { sinceMonth: '2025-06' });
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries[0]).toMatchObject({
      TableName: 'salesCounters',
      KeyConditionExpression: '#scope = :scope AND #period >= :since',
      ExpressionAttributeValues: { ':scope': 'public#pub1', ':since': '2025-06' },
    });
    expect(queries[1]?.ExclusiveStartKey).toEqual({ scope: 'public#pub1', period: '2026-04#GBP' });
    expect(months.map((month) => [month.month, month.currency, month.figures.grossMinor])).toEqual([
      ['2026-04', 'GBP', 800],
      ['2026-05', 'GBP', 500],
      ['2026-05', 'EUR', 900],
    ]);
    const totals = totalsByCurrency(months);
    expect(totals.get('GBP')).toMatchObject({ grossMinor: 1300, ordersPaid: 1, refundedMinor: 0 });
    expect(totals.get('EUR')?.grossMinor).toBe(900);
  });
});
