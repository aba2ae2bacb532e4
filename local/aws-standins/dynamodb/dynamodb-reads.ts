/**
 * Where a DynamoDB request is answered from when reads lag: strongly consistent reads and every write
 * from the primary, eventually consistent reads from the lagging replica, as in AWS where only
 * `ConsistentRead: true` on a table (or a local secondary index) sees the latest write. Index reads on
 * a global secondary index are always eventually consistent; asking for a consistent one goes to the
 * primary, which refuses it as AWS does (ValidationException).
 */
import type { DynamoRequest } from './dynamodb-access';

export type Upstream = 'primary' | 'replica';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asksConsistent = (request: unknown): boolean => isRecord(request) && request.ConsistentRead === true;

/** `split` for a BatchGetItem that asks consistent reads of some tables only. */
export function readUpstream(operation: string, request: DynamoRequest): Upstream | 'split' {
  if (operation === 'GetItem' || operation === 'Query' || operation === 'Scan') {
    return asksConsistent(request) ? 'primary' : 'replica';
  }
  if (operation === 'BatchGetItem') {
    const perTable = Object.values(isRecord(request.RequestItems) ? request.RequestItems : {});
    const consistent = perTable.filter(asksConsistent).length;
    if (consistent === 0) return 'replica';
    return consistent === perTable.length ? 'primary' : 'split';
  }
  return 'primary';
}

/** A mixed BatchGetItem as two: the consistently read tables and the others. */
export function splitBatchGet(request: DynamoRequest): {
  consistent: DynamoRequest;
  eventual: DynamoRequest;
} {
  const entries = Object.entries(isRecord(request.RequestItems) ? request.RequestItems : {});
  const part = (consistent: boolean): DynamoRequest => ({
    ...request,
    RequestItems: Object.fromEntries(
      entries.filter(([, tableRequest]) => asksConsistent(tableRequest) === consistent),
    ),
  });
  return { consistent: part(true), eventual: part(false) };
}

/** One BatchGetItem answer from the two halves' answers (their tables never overlap). */
export function mergeBatchGetAnswers(first: DynamoRequest, second: DynamoRequest): DynamoRequest {
  const merged: DynamoRequest = {
    Responses: { ...recordOf(first.Responses), ...recordOf(second.Responses) },
    UnprocessedKeys: { ...recordOf(first.UnprocessedKeys), ...recordOf(second.UnprocessedKeys) },
  };
  const capacity = [first.ConsumedCapacity, second.ConsumedCapacity].flatMap((value) =>
    Array.isArray(value) ? (value as unknown[]) : [],
  );
  return capacity.length > 0 ? { ...merged, ConsumedCapacity: capacity } : merged;
}

const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
