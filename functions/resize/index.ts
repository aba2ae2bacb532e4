/**
 * The resize Lambda: invoked asynchronously by S3 for each object created in the originals bucket
 * (uploads, and the copy a seller's retry makes). An error fails the invocation on purpose: Lambda
 * retries it, then sends the event to the on-failure queue, whose consumer (functions/resize-failures)
 * marks the photo FAILED so it never stays PROCESSING.
 */
import type { S3Event } from 'aws-lambda';
import { logger } from '../lib/logger';
import { eventHandler } from '../lib/tracer';
import { decodeEventKey } from './event-key';
import { processOriginal } from './service';

export const handler = eventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = decodeEventKey(record.s3.object.key);
    const outcome = await processOriginal(key);
    logger.info('resize', { key, event: record.eventName, outcome });
  }
});
