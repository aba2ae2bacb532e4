import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortInUseError } from '@shutterlane/aws-standins/http/ports';
import {
  localDynamoClientConfig,
  startDynamo,
  type LocalDynamo,
} from '@shutterlane/aws-standins/dynamodb/dynamodb';
import { TABLES, type TableName } from '#shared/platform/storage-layout';

const prefix = 'it-';
/** Long enough to tell apart from a loaded machine's jitter, short enough for a quick test. */
const lagMs = 300;
let dataDir: string;
let dynamo: LocalDynamo;
let client: DynamoDBClient;
let documents: DynamoDBDocumentClient;

const connect = (url: string) => {
  client = new DynamoDBClient(localDynamoClientConfig(url));
  documents = DynamoDBDocumentClient.from(client);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const afterTheLag = () => sleep(lagMs + 150);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dynamo-it-'));
  dynamo = await startDynamo({ port: 0, dataDir, tablePrefix: prefix, readLagMs: lagMs });
  connect(dynamo.url);
});

afterAll(async () => {
  client.destroy();
  await dynamo.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}-replica`, { recursive: true, force: true });
});

const keyNames = (keys: { AttributeName?: string; KeyType?: string }[] | undefined) =>
  (keys ?? []).map((key) => `${key.KeyType}:${key.AttributeName}`);

const ordersOf = (sellerId: string, consistent?: boolean) =>
  documents.send(
    new QueryCommand({
      TableName: dynamo.tableNames.orders,
      IndexName: 'bySeller',
      KeyConditionExpression: 'sellerId = :seller',
      ExpressionAttributeValues: { ':seller': sellerId },
      ScanIndexForward: false,
      ...(consistent !== undefined && { ConsistentRead: consistent }),
    }),
  );

const getOrder = (orderId: string, consistent: boolean) =>
  documents.send(
    new GetCommand({ TableName: dynamo.tableNames.orders, Key: { orderId }, ConsistentRead: consistent }),
  );

describe('local DynamoDB tables', () => {
  it('creates every table of shared/platform/storage-layout.ts under the prefix, ACTIVE, on demand', async () => {
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

  it('answers queries on a GSI, newest first, once the index has caught up', async () => {
    const orders = [
      { orderId: 'o-1', sellerId: 'seller-a', createdAt: '2026-01-01T00:00:00Z', total: 100 },
      { orderId: 'o-2', sellerId: 'seller-a', createdAt: '2026-02-01T00:00:00Z', total: 200 },
      { orderId: 'o-3', sellerId: 'seller-b', createdAt: '2026-03-01T00:00:00Z', total: 300 },
    ];
    for (const order of orders) {
      await documents.send(new PutCommand({ TableName: dynamo.tableNames.orders, Item: order }));
    }
    await afterTheLag();
    const { Items } = await ordersOf('seller-a');
    expect(Items?.map((item) => item.orderId)).toEqual(['o-2', 'o-1']);
    expect(Items?.[0]?.total).toBe(200);
  });

  it('creates the given table definitions instead of the storage layout when asked', async () => {
    const custom = await startDynamo({
      port: 0,
      tablePrefix: 'unused-',
      readLagMs: 0,
      tables: [
        {
          TableName: 'from-template',
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        },
      ],
    });
    const customClient = new DynamoDBClient(localDynamoClientConfig(custom.url));
    try {
      const { Table } = await customClient.send(new DescribeTableCommand({ TableName: 'from-template' }));
      expect(keyNames(Table?.KeySchema)).toEqual(['HASH:pk']);
      await expect(
        customClient.send(new DescribeTableCommand({ TableName: 'unused-orders' })),
      ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    } finally {
      customClient.destroy();
      await custom.stop();
    }
  });
});

describe('eventually consistent reads lag the writes', () => {
  const order = { orderId: 'lag-1', sellerId: 'seller-lag', createdAt: '2026-04-01T00:00:00Z', total: 1 };

  it('misses an item just written from an index query and a plain GetItem, not from a consistent GetItem', async () => {
    await documents.send(new PutCommand({ TableName: dynamo.tableNames.orders, Item: order }));

    expect((await ordersOf('seller-lag')).Items).toEqual([]);
    expect((await getOrder('lag-1', false)).Item).toBeUndefined();
    expect((await getOrder('lag-1', true)).Item).toEqual(order);

    await afterTheLag();
    expect((await ordersOf('seller-lag')).Items).toEqual([order]);
    expect((await getOrder('lag-1', false)).Item).toEqual(order);
  });

  it('refuses ConsistentRead on a global secondary index, as AWS does', async () => {
    await expect(ordersOf('seller-lag', true)).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Consistent reads are not supported on global secondary indexes',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('shows an update and then a delete in the order they happened', async () => {
    const key = { orderId: 'lag-2' };
    await documents.send(new PutCommand({ TableName: dynamo.tableNames.orders, Item: { ...key, total: 1 } }));
    await afterTheLag();
    await documents.send(
      new UpdateCommand({
        TableName: dynamo.tableNames.orders,
        Key: key,
        UpdateExpression: 'SET #total = :total',
        ExpressionAttributeNames: { '#total': 'total' },
        ExpressionAttributeValues: { ':total': 2 },
      }),
    );
    expect((await getOrder('lag-2', false)).Item?.total).toBe(1);
    await afterTheLag();
    expect((await getOrder('lag-2', false)).Item?.total).toBe(2);

    await documents.send(new DeleteCommand({ TableName: dynamo.tableNames.orders, Key: key }));
    expect((await getOrder('lag-2', false)).Item?.total).toBe(2);
    await afterTheLag();
    expect((await getOrder('lag-2', false)).Item).toBeUndefined();
  });

  it('ends with the last of many quick writes to one item', async () => {
    for (let version = 1; version <= 5; version += 1) {
      await documents.send(
        new PutCommand({ TableName: dynamo.tableNames.orders, Item: { orderId: 'lag-3', version } }),
      );
    }
    await afterTheLag();
    expect((await getOrder('lag-3', false)).Item?.version).toBe(5);
  });

  it('answers a BatchGetItem from both stores when it reads one table consistently and another not', async () => {
    await documents.send(new PutCommand({ TableName: dynamo.tableNames.orders, Item: { orderId: 'lag-4' } }));
    await documents.send(new PutCommand({ TableName: dynamo.tableNames.invites, Item: { code: 'LAG-4' } }));
    const { Responses } = await documents.send(
      new BatchGetCommand({
        RequestItems: {
          [dynamo.tableNames.orders]: { Keys: [{ orderId: 'lag-4' }], ConsistentRead: true },
          [dynamo.tableNames.invites]: { Keys: [{ code: 'LAG-4' }] },
        },
      }),
    );
    expect(Responses?.[dynamo.tableNames.orders]).toEqual([{ orderId: 'lag-4' }]);
    expect(Responses?.[dynamo.tableNames.invites]).toEqual([]);
  });

  it('mirrors a table created through the stand-in, so its items reach the lagging reads too', async () => {
    await client.send(
      new CreateTableCommand({
        TableName: 'it-created-later',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await documents.send(new PutCommand({ TableName: 'it-created-later', Item: { id: 'x', n: 1 } }));
    await afterTheLag();
    const { Item } = await documents.send(
      new GetCommand({ TableName: 'it-created-later', Key: { id: 'x' } }),
    );
    expect(Item).toEqual({ id: 'x', n: 1 });
  });

  it('reads at once with readLagMs 0', async () => {
    const eager = await startDynamo({ port: 0, tablePrefix: prefix, readLagMs: 0 });
    const eagerDocuments = DynamoDBDocumentClient.from(
      new DynamoDBClient(localDynamoClientConfig(eager.url)),
    );
    try {
      await eagerDocuments.send(
        new PutCommand({ TableName: eager.tableNames.invites, Item: { code: 'NOW' } }),
      );
      const { Item } = await eagerDocuments.send(
        new GetCommand({ TableName: eager.tableNames.invites, Key: { code: 'NOW' } }),
      );
      expect(Item).toEqual({ code: 'NOW' });
    } finally {
      eagerDocuments.destroy();
      await eager.stop();
    }
  });
});

describe('lifecycle', () => {
  it('keeps data across a stop and start, copying pending writes to the replica on stop', async () => {
    await documents.send(
      new PutCommand({ TableName: dynamo.tableNames.invites, Item: { code: 'KEEP-ME', usesLeft: 3 } }),
    );
    client.destroy();
    await dynamo.stop();
    dynamo = await startDynamo({ port: 0, dataDir, tablePrefix: prefix, readLagMs: lagMs });
    connect(dynamo.url);
    // Not consistent, and at once: the copy was flushed on stop, not lost.
    const { Item } = await documents.send(
      new GetCommand({ TableName: dynamo.tableNames.invites, Key: { code: 'KEEP-ME' } }),
    );
    expect(Item).toEqual({ code: 'KEEP-ME', usesLeft: 3 });
  });

  it('builds the replica from existing data that has none yet', async () => {
    const oldDir = await mkdtemp(path.join(os.tmpdir(), 'dynamo-old-'));
    const withoutLag = await startDynamo({ port: 0, dataDir: oldDir, tablePrefix: prefix, readLagMs: 0 });
    const oldDocuments = DynamoDBDocumentClient.from(
      new DynamoDBClient(localDynamoClientConfig(withoutLag.url)),
    );
    await oldDocuments.send(
      new PutCommand({
        TableName: withoutLag.tableNames.orders,
        Item: { orderId: 'old', sellerId: 's-old', createdAt: 'x' },
      }),
    );
    oldDocuments.destroy();
    await withoutLag.stop();

    const withLag = await startDynamo({ port: 0, dataDir: oldDir, tablePrefix: prefix, readLagMs: lagMs });
    const newDocuments = DynamoDBDocumentClient.from(
      new DynamoDBClient(localDynamoClientConfig(withLag.url)),
    );
    try {
      const { Items } = await newDocuments.send(
        new QueryCommand({
          TableName: withLag.tableNames.orders,
          IndexName: 'bySeller',
          KeyConditionExpression: 'sellerId = :s',
          ExpressionAttributeValues: { ':s': 's-old' },
        }),
      );
      expect(Items?.map((item) => item.orderId)).toEqual(['old']);
    } finally {
      newDocuments.destroy();
      await withLag.stop();
      await rm(oldDir, { recursive: true, force: true });
      await rm(`${oldDir}-replica`, { recursive: true, force: true });
    }
  });

  it('starts empty in memory without a data directory', async () => {
    const inMemory = await startDynamo({ port: 0, tablePrefix: prefix, readLagMs: lagMs });
    const memoryDocuments = DynamoDBDocumentClient.from(
      new DynamoDBClient(localDynamoClientConfig(inMemory.url)),
    );
    try {
      const { Item } = await memoryDocuments.send(
        new GetCommand({
          TableName: inMemory.tableNames.invites,
          Key: { code: 'KEEP-ME' },
          ConsistentRead: true,
        }),
      );
      expect(Item).toBeUndefined();
    } finally {
      memoryDocuments.destroy();
      await inMemory.stop();
    }
  });

  it('refuses a taken port with a one-line PortInUseError, with or without the proxy', async () => {
    for (const readLagMs of [0, lagMs]) {
      const error: unknown = await startDynamo({ port: dynamo.port, tablePrefix: prefix, readLagMs }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toBe(
        `Port ${dynamo.port} for DynamoDB is already in use: stop the other process or set DYNAMO_PORT`,
      );
    }
  });
});
