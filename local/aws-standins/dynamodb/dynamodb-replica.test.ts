import { describe, expect, it } from 'vitest';
import { keyOf, writeTargets } from './dynamodb-replica';

describe('writeTargets', () => {
  it('names the item of a put and the key of an update or delete', () => {
    const item = { orderId: { S: 'o-1' }, total: { N: '1' } };
    expect(writeTargets('PutItem', { TableName: 'orders', Item: item })).toEqual([{ table: 'orders', item }]);
    expect(writeTargets('UpdateItem', { TableName: 'orders', Key: { orderId: { S: 'o-1' } } })).toEqual([
      { table: 'orders', key: { orderId: { S: 'o-1' } } },
    ]);
    expect(writeTargets('DeleteItem', { TableName: 'orders', Key: { orderId: { S: 'o-1' } } })).toEqual([
      { table: 'orders', key: { orderId: { S: 'o-1' } } },
    ]);
  });

  it('names every put and delete of a batch and of a transaction, but not a condition check', () => {
    const put = { PutRequest: { Item: { id: { S: 'a' } } } };
    const del = { DeleteRequest: { Key: { id: { S: 'b' } } } };
    expect(writeTargets('BatchWriteItem', { RequestItems: { t: [put, del] } })).toEqual([
      { table: 't', item: { id: { S: 'a' } } },
      { table: 't', key: { id: { S: 'b' } } },
    ]);
    const transaction = {
      TransactItems: [
        { Update: { TableName: 'u', Key: { id: { S: 'c' } } } },
        { ConditionCheck: { TableName: 'u', Key: { id: { S: 'd' } } } },
      ],
    };
    expect(writeTargets('TransactWriteItems', transaction)).toEqual([
      { table: 'u', key: { id: { S: 'c' } } },
    ]);
  });

  it('names nothing for reads', () => {
    expect(writeTargets('GetItem', { TableName: 't', Key: { id: { S: 'a' } } })).toEqual([]);
  });
});

describe('keyOf', () => {
  it('keeps only the key attributes of an item', () => {
    expect(keyOf({ pk: { S: 'a' }, sk: { N: '1' }, other: { S: 'x' } }, ['pk', 'sk'])).toEqual({
      pk: { S: 'a' },
      sk: { N: '1' },
    });
  });
});
