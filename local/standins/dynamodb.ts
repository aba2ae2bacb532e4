/**
 * Local DynamoDB: dynalite (the DynamoDB HTTP API over LevelDB) with every table of
 * functions/lib/storage-layout.ts created through the real SDK, so functions talk to it exactly as to AWS.
 *
 * Not available locally (dynalite 4): TransactWriteItems / TransactGetItems and
 * UpdateTimeToLive. TTL is skipped here; readers filter expired items anyway.
 */
import { mkdir } from 'node:fs/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type CreateTableCommandInput,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { TABLES, type TableDef, type TableName } from '../../functions/lib/storage-layout';
import { LOCAL_AWS, LOCAL_HOST } from '../config';
import { closeServer, listenOn } from './ports';

export interface StartDynamoOptions {
  /** 0 picks a free port. */
  port: number;
  /** LevelDB directory (kept across restarts); in-memory when absent. */
  dataDir?: string;
  /** Physical table name = prefix + logical name. */
  tablePrefix: string;
}

export interface LocalDynamo {
  url: string;
  port: number;
  tableNames: Record<TableName, string>;
  stop(): Promise<void>;
}

/** SDK client configuration for the local stand-in (local-only credentials). */
export function localDynamoClientConfig(url: string): DynamoDBClientConfig {
  return {
    endpoint: url,
    region: LOCAL_AWS.region,
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
  };
}

/** Starts dynalite and makes sure every table exists and is ACTIVE. */
export async function startDynamo(opts: StartDynamoOptions): Promise<LocalDynamo> {
  if (opts.dataDir !== undefined) await mkdir(opts.dataDir, { recursive: true });
  // Tables become ACTIVE at once: nothing here models AWS's creation delay.
  const server = dynalite({ path: opts.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await listenOn(server, opts.port, 'DynamoDB', 'DYNAMO_PORT');
  const url = `http://${LOCAL_HOST}:${port}`;
  const tableNames = physicalTableNames(opts.tablePrefix);
  // The SDK talks to the loopback address: LOCAL_HOST is for other machines and browsers.
  const client = new DynamoDBClient(localDynamoClientConfig(`http://127.0.0.1:${port}`));
  try {
    await createMissingTables(client, tableNames);
    await waitUntilActive(client, Object.values(tableNames));
  } catch (error) {
    await closeServer(server);
    throw error;
  } finally {
    client.destroy();
  }
  return { url, port, tableNames, stop: () => closeServer(server) };
}

function physicalTableNames(prefix: string): Record<TableName, string> {
  const logicalNames = Object.keys(TABLES) as TableName[];
  return Object.fromEntries(logicalNames.map((name) => [name, `${prefix}${name}`])) as Record<
    TableName,
    string
  >;
}

async function listAllTables(client: DynamoDBClient): Promise<Set<string>> {
  const names = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) names.add(name);
    start = page.LastEvaluatedTableName;
  } while (start !== undefined);
  return names;
}

/** Creates the tables that do not exist yet; existing ones (and their data) are left alone. */
async function createMissingTables(
  client: DynamoDBClient,
  tableNames: Record<TableName, string>,
): Promise<void> {
  const existing = await listAllTables(client);
  const missing = (Object.keys(tableNames) as TableName[]).filter((name) => !existing.has(tableNames[name]));
  await Promise.all(
    missing.map((name) =>
      client.send(new CreateTableCommand(createTableInput(tableNames[name], TABLES[name]))),
    ),
  );
}

/** The CreateTable request for one table definition: on-demand, GSIs projecting all attributes. */
function createTableInput(tableName: string, table: TableDef): CreateTableCommandInput {
  const keyAttrs = [
    table.partitionKey,
    table.sortKey,
    ...(table.indexes ?? []).flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  const attributeTypes = new Map(keyAttrs.flatMap((attr) => (attr ? [[attr.name, attr.type] as const] : [])));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributeTypes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType,
    })),
    KeySchema: keySchema(table.partitionKey.name, table.sortKey?.name),
    GlobalSecondaryIndexes: table.indexes?.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey.name, index.sortKey?.name),
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

function keySchema(partitionKey: string, sortKey: string | undefined): CreateTableCommandInput['KeySchema'] {
  return [
    { AttributeName: partitionKey, KeyType: 'HASH' },
    ...(sortKey === undefined ? [] : [{ AttributeName: sortKey, KeyType: 'RANGE' as const }]),
  ];
}

const ACTIVE_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 20;

/** Polls until each table and its indexes are ACTIVE (the SDK waiter polls every 20 s). */
async function waitUntilActive(client: DynamoDBClient, tableNames: string[]): Promise<void> {
  const deadline = Date.now() + ACTIVE_TIMEOUT_MS;
  for (const tableName of tableNames) {
    while (!(await isActive(client, tableName))) {
      if (Date.now() > deadline) throw new Error(`Local DynamoDB table ${tableName} did not become ACTIVE`);
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }
}

async function isActive(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every(
    (index) => index.IndexStatus === 'ACTIVE',
  );
  return Table?.TableStatus === 'ACTIVE' && indexesActive;
}
