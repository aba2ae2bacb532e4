/**
 * The preview jobs consumer: reads the preview jobs queue (an SQS event source with partial batch
 * responses) and walks galleries, makes previews ahead of visitors, and deletes folders of previews
 * whose access ended. A job that fails is reported back: SQS delivers it again, and after
 * JOB_MAX_RECEIVES deliveries moves it to the dead-letter queue, which raises an alarm.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { eventHandler } from '../lib/tracer';
import { handlePreviewJobs } from './service';

export const handler = eventHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => ({
  batchItemFailures: await handlePreviewJobs(event.Records),
}));
