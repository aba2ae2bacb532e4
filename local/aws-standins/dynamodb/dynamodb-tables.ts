/**
 * Table definitions for the local DynamoDB: the CreateTable requests for the tables of
 * shared/platform/storage-layout.ts under a prefix, creating the missing ones, waiting for them, and
 * turning a table's description back into its CreateTable request (to copy it to the read replica).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDef, type TableName } from '../../../shared/platform/storage-layout';

export function physicalTableNames(prefix: string): Record<TableName, string> {
  const logicalNames = Object.keys(TABLES) as TableName[];
  return Object.fromEntries(logicalNames.map((name) => [name, `${prefix}${name}`])) as Record<
    TableName,
    string
  >;
}

/** The CreateTable requests of every table of the storage layout under `prefix`. */
export function storageLayoutTables(prefix: string): CreateTableCommandInput[] {
  const names = physicalTableNames(prefix);
  return (Object.keys(TABLES) as TableName[]).map((name) => createTableInput(names[name], TABLES[name]));
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

/** The CreateTable request that makes a table like the described one (keys, indexes, billing). */
export function createInputFromDescription(table: TableDescription): CreateTableCommandInput {
  const provisioned = table.BillingModeSummary?.BillingMode !== 'PAY_PER_REQUEST';
  const throughput = (units: TableDescription['ProvisionedThroughput']) =>
    provisioned
      ? {
          ReadCapacityUnits: units?.ReadCapacityUnits ?? 1,
          WriteCapacityUnits: units?.WriteCapacityUnits ?? 1,
        }
      : undefined;
  return {
    TableName: table.TableName,
    AttributeDefinitions: table.AttributeDefinitions,
    KeySchema: table.KeySchema,
    BillingMode: provisioned ? 'PROVISIONED' : 'PAY_PER_REQUEST',
    ProvisionedThroughput: throughput(table.ProvisionedThroughput),
    GlobalSecondaryIndexes: table.GlobalSecondaryIndexes?.map((index) => ({
      IndexName: index.IndexName,
      KeySchema: index.KeySchema,
      Projection: index.Projection,
      ProvisionedThroughput: throughput(index.ProvisionedThroughput),
    })),
    LocalSecondaryIndexes: table.LocalSecondaryIndexes?.map((index) => ({
      IndexName: index.IndexName,
      KeySchema: index.KeySchema,
      Projection: index.Projection,
    })),
  };
}

export async function listAllTables(client: DynamoDBClient): Promise<Set<string>> {
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
export async function createMissingTables(
  client: DynamoDBClient,
  tables: readonly CreateTableCommandInput[],
): Promise<void> {
  const existing = await listAllTables(client);
  const missing = tables.filter((table) => !existing.has(table.TableName ?? ''));
  await Promise.all(missing.map((table) => client.send(new CreateTableCommand(table))));
}

const ACTIVE_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 20;

/** Polls until each table and its indexes are ACTIVE (the SDK waiter polls every 20 s). */
export async function waitUntilActive(client: DynamoDBClient, tableNames: readonly string[]): Promise<void> {
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
