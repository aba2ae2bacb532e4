/**
 * Bringing the read replica in step with the primary when it may not be: on its first start beside
 * existing data, or after a stop that could not flush its pending copies (a crash). A clean stop
 * leaves a marker file; without it every replica table is rebuilt from the primary's.
 */
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ScanCommand,
  type AttributeValue,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { createInputFromDescription, listAllTables, waitUntilActive } from './dynamodb-tables';

/** Where the replica of a primary kept in `dataDir` lives: its own folder beside the primary's. */
export function replicaPaths(dataDir: string): { database: string; cleanStopMarker: string } {
  const folder = `${path.resolve(dataDir)}-replica`;
  return { database: path.join(folder, 'db'), cleanStopMarker: path.join(folder, 'clean-stop') };
}

/** True when the last stop flushed every copy; the marker is removed so a crash from now on is noticed. */
export async function takeCleanStopMarker(marker: string): Promise<boolean> {
  try {
    await access(marker);
  } catch {
    return false;
  }
  await rm(marker, { force: true });
  return true;
}

export const leaveCleanStopMarker = (marker: string): Promise<void> =>
  writeFile(marker, `${new Date().toISOString()}\n`);

/** Makes the replica hold exactly the primary's tables and items. */
export async function rebuildReplica(primary: DynamoDBClient, replica: DynamoDBClient): Promise<void> {
  const primaryTables = await listAllTables(primary);
  await Promise.all(
    [...(await listAllTables(replica))].map((name) =>
      replica.send(new DeleteTableCommand({ TableName: name })),
    ),
  );
  for (const name of primaryTables) {
    const { Table } = await primary.send(new DescribeTableCommand({ TableName: name }));
    if (Table) await replica.send(new CreateTableCommand(createInputFromDescription(Table)));
  }
  await waitUntilActive(replica, [...primaryTables]);
  for (const name of primaryTables) await copyItems(primary, replica, name);
}

const BATCH_WRITE_LIMIT = 25;

async function copyItems(primary: DynamoDBClient, replica: DynamoDBClient, tableName: string): Promise<void> {
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await primary.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT) {
      const writes = items.slice(i, i + BATCH_WRITE_LIMIT).map((Item) => ({ PutRequest: { Item } }));
      await writeAll(replica, tableName, writes);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
}

async function writeAll(client: DynamoDBClient, tableName: string, writes: WriteRequest[]): Promise<void> {
  let pending: WriteRequest[] = writes;
  while (pending.length > 0) {
    const { UnprocessedItems } = await client.send(
      new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
    );
    pending = UnprocessedItems?.[tableName] ?? [];
  }
}
