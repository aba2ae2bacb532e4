/** The resize Lambda: triggered by ObjectCreated on the originals bucket. */
import type { S3Event } from 'aws-lambda';
import { logger } from '../lib/logger';
import { processOriginal } from './service';

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records) {
    const outcome = await processOriginal(record.s3.object.key);
    logger.info('resize', { key: record.s3.object.key, outcome });
  }
}
