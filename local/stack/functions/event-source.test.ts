import type { Message } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { handledMessages, sqsEvent } from './event-source';

const QUEUE = 'arn:aws:sqs:eu-west-2:000000000000:failures';
const messages: Message[] = [
  {
    MessageId: 'm1',
    ReceiptHandle: 'h1',
    Body: 'one',
    MD5OfBody: 'x',
    Attributes: { ApproximateReceiveCount: '1' },
  },
  { MessageId: 'm2', ReceiptHandle: 'h2', Body: 'two', MD5OfBody: 'y' },
];

describe('the SQS event source mapping', () => {
  it('builds the SQS event Lambda sends', () => {
    expect(sqsEvent(messages, QUEUE).Records[0]).toEqual({
      messageId: 'm1',
      receiptHandle: 'h1',
      body: 'one',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: {},
      md5OfBody: 'x',
      eventSource: 'aws:sqs',
      eventSourceARN: QUEUE,
      awsRegion: 'eu-west-2',
    });
  });

  it('deletes the whole batch on success, none on a failed invocation', () => {
    expect(handledMessages(messages, { ok: true, result: null }, false)).toEqual(messages);
    expect(handledMessages(messages, { ok: false, errorType: 'Error', errorMessage: 'x' }, true)).toEqual([]);
  });

  it('with ReportBatchItemFailures, keeps the failed items, and the whole batch for an answer naming no message of it', () => {
    const partial = { ok: true as const, result: { batchItemFailures: [{ itemIdentifier: 'm2' }] } };
    expect(handledMessages(messages, partial, true).map((m) => m.MessageId)).toEqual(['m1']);
    expect(handledMessages(messages, { ok: true, result: { batchItemFailures: [] } }, true)).toEqual(
      messages,
    );
    const unknown = { ok: true as const, result: { batchItemFailures: [{ itemIdentifier: 'other' }] } };
    expect(handledMessages(messages, unknown, true)).toEqual([]);
    // Without the setting the response is ignored: every message counts as handled.
    expect(handledMessages(messages, partial, false)).toEqual(messages);
  });
});
