import { describe, expect, it } from 'vitest';
import { dynamoAccessNeeds } from './dynamodb-access';

const table = (name: string) => `arn:aws:dynamodb:eu-west-2:000000000000:table/${name}`;

describe('dynamoAccessNeeds', () => {
  it('asks for the operation on the table, or on the index for index reads', () => {
    expect(dynamoAccessNeeds('GetItem', { TableName: 'orders' })).toEqual([
      { action: 'dynamodb:GetItem', resource: table('orders') },
    ]);
    expect(dynamoAccessNeeds('Query', { TableName: 'orders', IndexName: 'bySeller' })).toEqual([
      { action: 'dynamodb:Query', resource: `${table('orders')}/index/bySeller` },
    ]);
    expect(dynamoAccessNeeds('Scan', { TableName: 'orders', IndexName: 'bySeller' })).toEqual([
      { action: 'dynamodb:Scan', resource: `${table('orders')}/index/bySeller` },
    ]);
  });

  it('asks for a batch operation on every table of the batch', () => {
    expect(dynamoAccessNeeds('BatchWriteItem', { RequestItems: { a: [], b: [] } })).toEqual([
      { action: 'dynamodb:BatchWriteItem', resource: table('a') },
      { action: 'dynamodb:BatchWriteItem', resource: table('b') },
    ]);
  });

  it('asks for each transaction item with its single-item action', () => {
    const request = {
      TransactItems: [
        { Put: { TableName: 'orders', Item: {} } },
        { Update: { TableName: 'users', Key: {} } },
        { ConditionCheck: { TableName: 'events', Key: {} } },
      ],
    };
    expect(dynamoAccessNeeds('TransactWriteItems', request)).toEqual([
      { action: 'dynamodb:PutItem', resource: table('orders') },
      { action: 'dynamodb:UpdateItem', resource: table('users') },
      { action: 'dynamodb:ConditionCheckItem', resource: table('events') },
    ]);
  });

  it('uses ResourceArn for tag operations and * for operations without a resource', () => {
    expect(dynamoAccessNeeds('TagResource', { ResourceArn: table('orders') })).toEqual([
      { action: 'dynamodb:TagResource', resource: table('orders') },
    ]);
    expect(dynamoAccessNeeds('ListTables', {})).toEqual([{ action: 'dynamodb:ListTables', resource: '*' }]);
  });
});
