/**
 * Writes that must happen together or not at all (DynamoDB TransactWriteItems): a once-only change of
 * an item (its condition) with what it causes elsewhere, such as the sales counters it moves.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, MAX_CONFLICT_ATTEMPTS, pauseAfterConflict } from './dynamo';

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
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: parts }));
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.includes('ConditionalCheckFailed')) return false;
      if (!codes?.includes('TransactionConflict') || attempt >= MAX_CONFLICT_ATTEMPTS) throw error;
      await pauseAfterConflict(attempt);
    }
  }
}
