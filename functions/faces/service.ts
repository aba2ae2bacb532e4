/**
 * The faces queue's consumer: each message is a describe job or a walk step (functions/domains/faces/face-jobs.ts),
 * handled on its own; the ones that failed are named in the partial batch response, so the queue
 * delivers only those again and, after its receive limit, moves them to its dead-letter queue (an alarm).
 * A message that is not a face job fails the same way.
 */
import type { SQSBatchItemFailure, SQSRecord } from 'aws-lambda';
import { parseFaceJob } from '../domains/faces/face-jobs';
import { handleEachMessage } from '../lib/queue-message';
import { describeJob, type DescribeOutcome } from './describe';
import { walkJob, type WalkOutcome } from './walk';

/** Handles one message; throws when it cannot be handled (so it is delivered again). */
export async function handleFaceJob(body: string): Promise<DescribeOutcome | WalkOutcome> {
  const job = parseFaceJob(body);
  if (!job) throw new Error('The message is not a face job');
  return job.kind === 'describe' ? describeJob(job) : walkJob(job);
}

/** The batch's messages that failed, as Lambda's partial batch response names them. */
export const handleFaceMessages = (messages: SQSRecord[]): Promise<SQSBatchItemFailure[]> =>
  handleEachMessage(messages, (message) => handleFaceJob(message.body), 'a face job');
