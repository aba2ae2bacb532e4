/**
 * The resize failures consumer: reads the resize function's on-failure queue (an SQS event source with
 * partial batch responses) and marks each photo FAILED with a reason, so no photo stays PROCESSING.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { eventHandler } from '../lib/tracer';
import { handleFailureMessages } from './service';

export const handler = eventHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => ({
  batchItemFailures: await handleFailureMessages(event.Records),
}));
