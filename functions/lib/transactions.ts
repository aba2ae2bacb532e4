/**
 * Writes that must happen together or not at all (DynamoDB TransactWriteItems): a once-only change of
 * an item (its condition) with what it causes elsewhere, such as the sales counters it moves.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, retryingConflicts } from './dynamo';

/** One part of a transaction: a Put, Update, Delete or ConditionCheck. */
export type TransactionPart = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/*
 * Another transaction was working on one of the items (two payments of one seller counted in the same
 * month, at the same moment): the transaction is cancelled, and tried again as dynamo.ts tries a single
 * write again.
 */

/** The cancellation reasons' codes of a cancelled transaction (undefined for any other error). */
function cancellationCodes(error: unknown): string[] | undefined {
  const { name, CancellationReasons } = (error ?? {}) as {
    name?: string;
    CancellationReasons?: { Code?: string }[];
  };
  if (name !== 'TransactionCanceledException') return undefined;
  return (CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/**
 * Writes the parts together. False when a part's condition did not hold (nothing was written); a
 * conflict with another transaction is tried again; any other failure is thrown.
 */
export async function writeTogether(parts: TransactionPart[]): Promise<boolean> {
  try {
    await retryingConflicts(
      () => dynamo().send(new TransactWriteCommand({ TransactItems: parts })),
      (error) => cancellationCodes(error)?.includes('TransactionConflict') === true,
    );
    return true;
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
