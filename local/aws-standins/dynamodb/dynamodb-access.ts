/**
 * What IAM checks for one DynamoDB request: the `dynamodb:<Operation>` action on each resource the
 * request touches, as the service authorization reference lists them. Table operations act on the
 * table ARN, index reads on `<table arn>/index/<IndexName>`, batch operations on every table of
 * `RequestItems`, transactions per item (with the single-item action of each), tag operations on
 * `ResourceArn`; the rest (ListTables, DescribeLimits...) take no resource, which IAM reads as `*`.
 */
import { dynamoIndexArn, dynamoTableArn } from '../iam/arn';
import type { AccessNeed } from '../iam/evaluate';

/** A request body as parsed JSON; only the fields named here are read. */
export type DynamoRequest = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (record: Record<string, unknown>, name: string): string | undefined => {
  const value = record[name];
  return typeof value === 'string' ? value : undefined;
};

/** Transaction item kinds and the single-item action IAM checks for each. */
const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Get: 'dynamodb:GetItem',
};

export function dynamoAccessNeeds(operation: string, request: DynamoRequest): AccessNeed[] {
  const action = `dynamodb:${operation}`;
  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') {
    const tables = isRecord(request.RequestItems) ? Object.keys(request.RequestItems) : [];
    return tables.map((table) => ({ action, resource: dynamoTableArn(table) }));
  }
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems')
    return transactionNeeds(request);
  const resourceArn = stringField(request, 'ResourceArn');
  if (resourceArn !== undefined) return [{ action, resource: resourceArn }];
  const table = stringField(request, 'TableName');
  if (table === undefined) return [{ action, resource: '*' }];
  const index = stringField(request, 'IndexName');
  const readsIndex = index !== undefined && (operation === 'Query' || operation === 'Scan');
  return [{ action, resource: readsIndex ? dynamoIndexArn(table, index) : dynamoTableArn(table) }];
}

function transactionNeeds(request: DynamoRequest): AccessNeed[] {
  const items = Array.isArray(request.TransactItems) ? request.TransactItems : [];
  return items.flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    return Object.entries(item).flatMap(([kind, detail]) => {
      const action = TRANSACT_ACTIONS[kind];
      const table = isRecord(detail) ? stringField(detail, 'TableName') : undefined;
      return action && table ? [{ action, resource: dynamoTableArn(table) }] : [];
    });
  });
}
