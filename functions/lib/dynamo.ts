/** One DynamoDB DocumentClient for the process, pointed at dynalite locally by DYNAMODB_ENDPOINT. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  UpdateCommand,
  type DeleteCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { awsEnv, tablesEnv } from './env';
import type { TableName } from '#shared/platform/storage-layout';
import { TABLES } from '#shared/platform/storage-layout';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * A write that meets another transaction on its item is refused at once (DynamoDB does not wait): tried
 * again after a random pause that grows (to 800 ms) and parts the contenders, for as long as the budget
 * lasts. A budget of time, not of attempts: how many tries a conflict takes depends on how long the other
 * transactions hold their items, milliseconds in DynamoDB but seconds on a loaded machine, where a
 * gallery's photos marked READY side by side (each counting itself in the gallery and the seller) once
 * ran out of twelve attempts. Ten seconds stays well inside every function's timeout (25 s and more).
 */
export const CONFLICT_BUDGET_MS = 10_000;
const CONFLICT_PAUSE_MS = 25;

const pauseAfterConflict = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * CONFLICT_PAUSE_MS * 2 ** Math.min(attempt, 5)),
  );

/** Runs the write, again after each conflict (as `isConflict` tells them apart) until the budget is spent. */
export async function retryingConflicts<T>(
  write: () => Promise<T>,
  isConflict: (error: unknown) => boolean,
): Promise<T> {
  const startedAt = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isConflict(error) || Date.now() - startedAt >= CONFLICT_BUDGET_MS) throw error;
      await pauseAfterConflict(attempt);
    }
  }
}

/**
 * A single-item write to an item a transaction holds fails with TransactionConflictException, which the
 * SDK does not retry: this client tries it again as transactions are (functions/lib/transactions.ts).
 */
function retryTransactionConflicts(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next) => (args) =>
      retryingConflicts(
        () => next(args),
        (error) => (error as { name?: string } | undefined)?.name === 'TransactionConflictException',
      ),
    { step: 'initialize', name: 'retryTransactionConflicts' },
  );
}

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = awsEnv();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT && { endpoint: DYNAMODB_ENDPOINT }),
    });
    retryTransactionConflicts(client);
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

/** The physical name of a table, from the environment variable the stacks set. */
export function tableName(table: TableName): string {
  const env = tablesEnv();
  return env[TABLES[table].envVar];
}

/** Whether a write was refused by its ConditionExpression (the SDK error's name, whichever client threw it). */
export const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** Runs a conditional update or delete; false when its condition did not hold (any other failure is thrown). */
export async function conditionally(command: UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Sends an update and answers the item as written (ALL_NEW); undefined when its condition failed. */
export async function updatedItem<T>(
  input: Omit<UpdateCommandInput, 'ReturnValues'>,
): Promise<T | undefined> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }));
    return Attributes as T;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Every item a Query matches, read a page at a time as they are used (for sets of any size). */
export async function* queryItems(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({ ...input, ...(startKey && { ExclusiveStartKey: startKey }) }),
    );
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a Query matches, at once (for the small sets read whole: a scope's months, a gallery's hidden people). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryItems(input)) items.push(item);
  return items;
}

/** DynamoDB's most items in one BatchWriteItem. */
const BATCH_WRITE_MAX = 25;

/**
 * Deletes the items with these keys, a batch at a time; BatchWrite may leave some undone under
 * throttling, and those are sent again until none is left.
 */
export async function deleteItems(table: TableName, keys: readonly Record<string, unknown>[]): Promise<void> {
  const name = tableName(table);
  for (let at = 0; at < keys.length; at += BATCH_WRITE_MAX) {
    let requests: Record<string, unknown>[] | undefined = keys
      .slice(at, at + BATCH_WRITE_MAX)
      .map((Key) => ({ DeleteRequest: { Key } }));
    while (requests && requests.length > 0) {
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
      requests = result.UnprocessedItems?.[name] as Record<string, unknown>[] | undefined;
    }
  }
}
