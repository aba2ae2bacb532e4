/** One DynamoDB DocumentClient for the process, pointed at dynalite locally by DYNAMODB_ENDPOINT. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type DeleteCommand, type UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { awsEnv, tablesEnv } from './env';
import type { TableName } from './storage-layout';
import { TABLES } from './storage-layout';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = awsEnv();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT && { endpoint: DYNAMODB_ENDPOINT }),
    });
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
