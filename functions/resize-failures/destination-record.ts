/**
 * What Lambda sends to an on-failure destination after an asynchronous invocation failed for good (its
 * retries ran out, or the event grew older than the maximum age): the invocation record, as the Lambda
 * developer guide shows it. For an SQS destination the record is the message body. Only what this
 * consumer reads is checked; the rest of the record is passed through.
 */
import * as z from 'zod/mini';
import { parseQueueMessage } from '../lib/queue-message';

/** The S3 notification the resize function was invoked with (the record's `requestPayload`). */
const S3Notification = z.object({
  Records: z.array(
    z.object({
      eventName: z.string(),
      s3: z.object({ bucket: z.object({ name: z.string() }), object: z.object({ key: z.string() }) }),
    }),
  ),
});

export const FailedInvocationRecord = z.object({
  requestContext: z.object({
    requestId: z.string(),
    functionArn: z.string(),
    /** `RetriesExhausted`, `EventAgeExceeded`, or another reason Lambda gave up. */
    condition: z.string(),
    approximateInvokeCount: z.number(),
  }),
  requestPayload: S3Notification,
  /** The last attempt's error, when the function ran: `{ errorType, errorMessage, ... }`. */
  responsePayload: z.optional(
    z.looseObject({ errorType: z.optional(z.string()), errorMessage: z.optional(z.string()) }),
  ),
});
export type FailedInvocationRecord = z.infer<typeof FailedInvocationRecord>;

/** The record in an SQS message body; undefined when the body is not one (not JSON, or another shape). */
export const parseFailedInvocation = (body: string): FailedInvocationRecord | undefined =>
  parseQueueMessage(FailedInvocationRecord, body);
