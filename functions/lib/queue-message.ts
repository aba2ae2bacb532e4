/**
 * What the queues' consumers share: a message's JSON body checked against its schema, and the partial
 * batch response Lambda's SQS event source reads (each message handled on its own; the ones that failed
 * are named, so the queue redelivers only those and, after its receive limit, moves them to its
 * dead-letter queue).
 */
import type { SQSBatchItemFailure, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { logger } from './logger';

/** The body as `schema` reads it; undefined when it is not JSON or not of that shape. */
export function parseQueueMessage<S extends z.ZodMiniType>(schema: S, body: string): z.infer<S> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : undefined;
}

/**
 * Handles each message in turn; the ones whose handling threw, as the partial batch response names
 * them. `what` names the messages in the log (e.g. 'a resize failure message').
 */
export async function handleEachMessage(
  messages: SQSRecord[],
  handle: (message: SQSRecord) => Promise<unknown>,
  what: string,
): Promise<SQSBatchItemFailure[]> {
  const failures: SQSBatchItemFailure[] = [];
  for (const message of messages) {
    try {
      await handle(message);
    } catch (error) {
      logger.error(`could not handle ${what}`, { messageId: message.messageId, error });
      failures.push({ itemIdentifier: message.messageId });
    }
  }
  return failures;
}
