import { describe, expect, it } from 'vitest';
import { mergeBatchGetAnswers, readUpstream, splitBatchGet } from './dynamodb-reads';

describe('readUpstream', () => {
  it('sends reads without ConsistentRead to the replica and consistent ones to the primary', () => {
    expect(readUpstream('GetItem', { TableName: 't' })).toBe('replica');
    expect(readUpstream('GetItem', { TableName: 't', ConsistentRead: true })).toBe('primary');
    expect(readUpstream('Query', { TableName: 't', IndexName: 'i' })).toBe('replica');
    // The primary refuses this for a GSI, as AWS does; an LSI may read consistently.
    expect(readUpstream('Query', { TableName: 't', IndexName: 'i', ConsistentRead: true })).toBe('primary');
    expect(readUpstream('Scan', { TableName: 't', ConsistentRead: false })).toBe('replica');
  });

  it('sends writes, table operations and transactions to the primary', () => {
    for (const operation of [
      'PutItem',
      'UpdateItem',
      'DeleteItem',
      'BatchWriteItem',
      'DescribeTable',
      'TransactGetItems',
    ]) {
      expect(readUpstream(operation, { TableName: 't' })).toBe('primary');
    }
  });

  it('splits a BatchGetItem that reads only some tables consistently', () => {
    const batch = { RequestItems: { a: { Keys: [], ConsistentRead: true }, b: { Keys: [] } } };
    expect(readUpstream('BatchGetItem', batch)).toBe('split');
    expect(readUpstream('BatchGetItem', { RequestItems: { b: { Keys: [] } } })).toBe('replica');
    expect(splitBatchGet({ ...batch, ReturnConsumedCapacity: 'TOTAL' })).toEqual({
      consistent: {
        RequestItems: { a: { Keys: [], ConsistentRead: true } },
        ReturnConsumedCapacity: 'TOTAL',
      },
      eventual: { RequestItems: { b: { Keys: [] } }, ReturnConsumedCapacity: 'TOTAL' },
    });
  });

  it('merges the two halves of a split BatchGetItem', () => {
    expect(
      mergeBatchGetAnswers(
        { Responses: { a: [1] }, UnprocessedKeys: {}, ConsumedCapacity: [{ TableName: 'a' }] },
        { Responses: { b: [2] }, UnprocessedKeys: { b: { Keys: [3] } } },
      ),
    ).toEqual({
      Responses: { a: [1], b: [2] },
      UnprocessedKeys: { b: { Keys: [3] } },
      ConsumedCapacity: [{ TableName: 'a' }],
    });
  });
});
