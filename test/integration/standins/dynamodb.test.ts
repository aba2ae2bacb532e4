import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError } from '../../../local/standins/ports';
import { localDynamoClientConfig, startDynamo, type LocalDynamo } from '../../../local/standins/dynamodb';
import { TABLES, type TableName } from '../../../functions/lib/storage-layout';

const prefix = 'it-';
let dataDir: string;
let dynamo: LocalDynamo;
let client: DynamoDBClient;
let documents: DynamoDBDocumentClient;

const connect = (url: string) => {
  client = new DynamoDBClient(localDynamoClientConfig(url));
  documents = DynamoDBDocumentClient.from(client);
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dynamo-it-'));
  dynamo = await startDynamo({ port: 0, dataDir, tablePrefix: prefix });
  connect(dynamo.url);
});

afterAll(async () => {
  client.destroy();
  await dynamo.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const keyNames = (keys: { AttributeName?: string; KeyType?: string }[] | undefined) =>
  (keys ?? []).map((key) => `${key.KeyType}:${key.AttributeName}`);

describe('local DynamoDB', () => {
  it('creates every table of functions/lib/storage-layout.ts under the prefix, ACTIVE, on demand', async () => {
    for (const name of Object.keys(TABLES) as TableName[]) {
      expect(dynamo.tableNames[name]).toBe(`${prefix}${name}`);
      const { Table } = await client.send(new DescribeTableCommand({ TableName: dynamo.tableNames[name] }));
      const def = TABLES[name];
      const sortKey = 'sortKey' in def ? def.sortKey : undefined;
      expect(Table?.TableStatus).toBe('ACTIVE');
      expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
      expect(keyNames(Table?.KeySchema)).toEqual([
        `HASH:${def.partitionKey.name}`,
        ...(sortKey ? [`RANGE:${sortKey.name}`] : []),
      ]);
    }
  });

  it('creates the GSIs with their keys, projecting all attributes', async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: dynamo.tableNames.orders }));
    const bySeller = Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'bySeller');
    expect(keyNames(bySeller?.KeySchema)).toEqual(['HASH:sellerId', 'RANGE:createdAt']);
    expect(bySeller?.Projection?.ProjectionType).toBe('ALL');
    const users = await client.send(new DescribeTableCommand({ TableName: dynamo.tableNames.users }));
    expect(users.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byEmail']);
  });

  it('answers queries on a GSI, newest first', async () => {
    const orders = [
      { orderId: 'o-1', sellerId: 'seller-a', createdAt: '2026-01-01T00:00:00Z', total: 100 },
      { orderId: 'o-2', sellerId: 'seller-a', createdAt: '2026-02-01T00:00:00Z', total: 200 },
      { orderId: 'o-3', sellerId: 'seller-b', createdAt: '2026-03-01T00:00:00Z', total: 300 },
    ];
    for (const order of orders) {
      await documents.send(new PutCommand({ TableName: dynamo.tableNames.orders, Item: order }));
    }
    const { Items } = await documents.send(
      new QueryCommand({
        TableName: dynamo.tableNames.orders,
        IndexName: 'bySeller',
        KeyConditionExpression: 'sellerId = :seller',
        ExpressionAttributeValues: { ':seller': 'seller-a' },
        ScanIndexForward: false,
      }),
    );
    expect(Items?.map((item) => item.orderId)).toEqual(['o-2', 'o-1']);
    expect(Items?.[0]?.total).toBe(200);
  });

  it('keeps data across a stop and start with the same data directory', async () => {
    await documents.send(
      new PutCommand({ TableName: dynamo.tableNames.invites, Item: { code: 'KEEP-ME', usesLeft: 3 } }),
    );
    client.destroy();
    await dynamo.stop();
    dynamo = await startDynamo({ port: 0, dataDir, tablePrefix: prefix });
    connect(dynamo.url);
    const { Item } = await documents.send(
      new GetCommand({ TableName: dynamo.tableNames.invites, Key: { code: 'KEEP-ME' } }),
    );
    expect(Item).toEqual({ code: 'KEEP-ME', usesLeft: 3 });
  });

  it('starts empty in memory without a data directory', async () => {
    const inMemory = await startDynamo({ port: 0, tablePrefix: prefix });
    const memoryDocuments = DynamoDBDocumentClient.from(
      new DynamoDBClient(localDynamoClientConfig(inMemory.url)),
    );
    try {
      const { Item } = await memoryDocuments.send(
        new GetCommand({ TableName: inMemory.tableNames.invites, Key: { code: 'KEEP-ME' } }),
      );
      expect(Item).toBeUndefined();
    } finally {
      memoryDocuments.destroy();
      await inMemory.stop();
    }
  });

  it('refuses a taken port with a one-line PortInUseError', async () => {
    const error: unknown = await startDynamo({ port: dynamo.port, tablePrefix: prefix }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(
      `Port ${dynamo.port} for DynamoDB is already in use: stop the other process or set DYNAMO_PORT`,
    );
  });
});
