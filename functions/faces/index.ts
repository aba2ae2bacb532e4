/**
 * The faces function: reads the faces queue (an SQS event source with partial batch responses) and
 * describes the faces of public galleries' photos whose face search is on, or takes a step of the walk
 * over a gallery's photos when its search is switched on. face-api and TensorFlow.js load here only.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { eventHandler } from '../lib/tracer';
import { handleFaceMessages } from './service';

export const handler = eventHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => ({
  batchItemFailures: await handleFaceMessages(event.Records),
}));
