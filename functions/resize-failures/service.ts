/**
 * Marks the photos of failed resize invocations FAILED, so the seller sees them and can retry: one
 * queue message is one invocation record, whose S3 notification names the originals. A message that
 * cannot be handled is reported back (the queue redelivers it, then moves it to its dead-letter queue,
 * which raises an alarm); the others of the batch are done.
 */
import type { SQSBatchItemFailure, SQSRecord } from 'aws-lambda';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { logger } from '../lib/logger';
import { handleEachMessage } from '../lib/queue-message';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import { markProcessingFailed } from '../domains/galleries/photo-store';
import { parseOriginalKey } from '#shared/platform/storage-layout';
import { decodeEventKey } from '../resize/event-key';
import { parseFailedInvocation, type FailedInvocationRecord } from './destination-record';

/** What happened to each original a record names. */
export type FailureOutcome = 'marked' | 'unchanged' | 'outside-layout';

async function markOriginalFailed(key: string, record: FailedInvocationRecord): Promise<FailureOutcome> {
  const ref = parseOriginalKey(key);
  if (!ref) return 'outside-layout';
  const marked = await markProcessingFailed(ref.galleryId, ref.photoId, sellerToolErrors.processingFailed);
  // Logged as an error either way: a photo that could not be processed needs an operator's look.
  logger.error('resize gave up on a photo', {
    key,
    galleryId: ref.galleryId,
    photoId: ref.photoId,
    marked,
    condition: record.requestContext.condition,
    attempts: record.requestContext.approximateInvokeCount,
    failedRequestId: record.requestContext.requestId,
    errorType: record.responsePayload?.errorType,
    errorMessage: record.responsePayload?.errorMessage,
  });
  if (!marked) return 'unchanged';
  countMetric(METRIC.photosFailed);
  return 'marked';
}

/** Handles one message; throws when it cannot be handled (so it is redelivered). */
export async function handleFailedInvocation(body: string): Promise<FailureOutcome[]> {
  const record = parseFailedInvocation(body);
  if (!record) throw new Error('The message is not a Lambda invocation record of an S3 notification');
  const outcomes: FailureOutcome[] = [];
  for (const s3Record of record.requestPayload.Records)
    outcomes.push(await markOriginalFailed(decodeEventKey(s3Record.s3.object.key), record));
  return outcomes;
}

/** The batch's messages that failed, as Lambda's partial batch response names them. */
export const handleFailureMessages = (messages: SQSRecord[]): Promise<SQSBatchItemFailure[]> =>
  handleEachMessage(messages, (message) => handleFailedInvocation(message.body), 'a resize failure message');
