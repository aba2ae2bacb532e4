/**
 * The SQS stand-in answers the real SDK v3 (JSON protocol) as SQS does: send, receive with the
 * visibility timeout and receive counts, delete, long polling, the redrive to a dead-letter queue,
 * queue attributes and URLs; and refuses as SQS does: an unknown queue, an invalid receipt handle, bad
 * parameters, an unknown key, a wrong signature, and a caller whose IAM policy does not allow the call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import { LOCAL_AWS } from '@shutterlane/local-stack/config';
import { OPERATOR } from '@shutterlane/local-stack/deployment/deployment';
import { startSqs, type LocalSqs, type QueueDefinition } from '@shutterlane/aws-standins/sqs/sqs';
import { queueArn } from '@shutterlane/aws-standins/sqs/sqs-api';

const queue = (name: string, extra: Partial<QueueDefinition> = {}): QueueDefinition => ({
  name,
  arn: queueArn(name),
  visibilityTimeout: 30,
  messageRetentionPeriod: 345_600,
  delaySeconds: 0,
  receiveMessageWaitTimeSeconds: 0,
  ...extra,
});

const QUEUES = [
  queue('work', { visibilityTimeout: 1 }),
  queue('redriven', {
    visibilityTimeout: 0,
    redrivePolicy: { deadLetterTargetArn: queueArn('dead-letters'), maxReceiveCount: 2 },
  }),
  queue('dead-letters'),
  queue('waiting'),
];

/** May send to `work` only. */
const sender = functionPrincipal('resize', 'ResizeRole', [
  { Effect: 'Allow', Action: ['sqs:SendMessage', 'sqs:GetQueueAttributes'], Resource: queueArn('work') },
]);
const identities = staticIdentityStore([
  OPERATOR,
  { accessKeyId: 'AKIDSENDER', secretAccessKey: 'sender-secret', principal: sender },
]);

let dataDir: string;
let sqs: LocalSqs;
const clients: SQSClient[] = [];

const client = (
  accessKeyId: string = LOCAL_AWS.accessKeyId,
  secretAccessKey: string = LOCAL_AWS.secretAccessKey,
) => {
  const made = new SQSClient({
    endpoint: sqs.url,
    region: 'eu-west-2',
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
  clients.push(made);
  return made;
};
const operator = () => client();
const url = (name: string) => sqs.queueUrl(name);

/** The SDK's error name and its code from the query-compatible header. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ name: string; code?: string; message: string; status?: number }> {
  const error = (await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (caught: unknown) => caught,
  )) as { name: string; Code?: string; message: string; $metadata?: { httpStatusCode?: number } };
  return {
    name: error.name,
    code: error.Code,
    message: error.message,
    status: error.$metadata?.httpStatusCode,
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-sqs-'));
  sqs = await startSqs({ port: 0, queues: QUEUES, identities, dataDir });
});

afterAll(async () => {
  for (const made of clients) made.destroy();
  await sqs?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the SQS stand-in', () => {
  it('sends, hides a received message for the visibility timeout, gives it back, and deletes it', async () => {
    const sent = await operator().send(
      new SendMessageCommand({ QueueUrl: url('work'), MessageBody: 'hello' }),
    );
    // The SDK checks MD5OfMessageBody itself: a wrong one fails the call.
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    const receive = () =>
      operator().send(
        new ReceiveMessageCommand({
          QueueUrl: url('work'),
          MaxNumberOfMessages: 10,
          MessageSystemAttributeNames: ['All'],
        }),
      );
    const first = await receive();
    expect(first.Messages).toHaveLength(1);
    expect(first.Messages![0]).toMatchObject({ MessageId: sent.MessageId, Body: 'hello' });
    expect(first.Messages![0]!.Attributes).toMatchObject({
      ApproximateReceiveCount: '1',
      SenderId: LOCAL_AWS.accessKeyId,
    });
    expect((await receive()).Messages).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await receive();
    expect(again.Messages![0]!.Attributes!.ApproximateReceiveCount).toBe('2');
    expect(again.Messages![0]!.ReceiptHandle).not.toBe(first.Messages![0]!.ReceiptHandle);
    await operator().send(
      new DeleteMessageCommand({ QueueUrl: url('work'), ReceiptHandle: again.Messages![0]!.ReceiptHandle }),
    );
    // Deleting again with a handle SQS issued succeeds, and nothing is left.
    await operator().send(
      new DeleteMessageCommand({ QueueUrl: url('work'), ReceiptHandle: again.Messages![0]!.ReceiptHandle }),
    );
    const { Attributes } = await operator().send(
      new GetQueueAttributesCommand({ QueueUrl: url('work'), AttributeNames: ['All'] }),
    );
    expect(Attributes).toMatchObject({
      QueueArn: queueArn('work'),
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      VisibilityTimeout: '1',
    });
  });

  it('answers a long poll as soon as a message arrives', async () => {
    const started = Date.now();
    const polling = operator().send(
      new ReceiveMessageCommand({ QueueUrl: url('waiting'), WaitTimeSeconds: 5 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await operator().send(new SendMessageCommand({ QueueUrl: url('waiting'), MessageBody: 'late' }));
    const { Messages } = await polling;
    expect(Messages?.[0]?.Body).toBe('late');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('moves a message received more than maxReceiveCount times to the dead-letter queue, as it was', async () => {
    const { MessageId } = await operator().send(
      new SendMessageCommand({ QueueUrl: url('redriven'), MessageBody: 'poison' }),
    );
    const receive = (name: string) =>
      operator().send(
        new ReceiveMessageCommand({ QueueUrl: url(name), MessageSystemAttributeNames: ['All'] }),
      );
    expect((await receive('redriven')).Messages).toHaveLength(1);
    expect((await receive('redriven')).Messages).toHaveLength(1);
    expect((await receive('redriven')).Messages).toBeUndefined();
    const dead = await receive('dead-letters');
    expect(dead.Messages![0]).toMatchObject({ MessageId, Body: 'poison' });
    expect(dead.Messages![0]!.Attributes!.ApproximateReceiveCount).toBe('3');
  });

  it('gives a queue URL by name and refuses unknown queues, bad handles and bad parameters', async () => {
    expect((await operator().send(new GetQueueUrlCommand({ QueueName: 'work' }))).QueueUrl).toBe(url('work'));
    const missing = await refusal(operator().send(new GetQueueUrlCommand({ QueueName: 'nope' })));
    expect(missing).toMatchObject({
      name: 'QueueDoesNotExist',
      code: 'AWS.SimpleQueueService.NonExistentQueue',
      status: 400,
    });
    expect(missing.message).toBe('The specified queue does not exist.');
    const handle = await refusal(
      operator().send(new DeleteMessageCommand({ QueueUrl: url('work'), ReceiptHandle: 'garbage' })),
    );
    expect(handle).toMatchObject({ name: 'ReceiptHandleIsInvalid', status: 404 });
    const tooMany = await refusal(
      operator().send(new ReceiveMessageCommand({ QueueUrl: url('work'), MaxNumberOfMessages: 11 })),
    );
    expect(tooMany).toMatchObject({ code: 'InvalidParameterValue', status: 400 });
    const unsupported = await refusal(operator().send(new ListQueuesCommand({})));
    expect(unsupported).toMatchObject({ code: 'AWS.SimpleQueueService.UnsupportedOperation' });
  });

  it('checks the signature and the caller IAM policy, with SQS errors', async () => {
    const allowed = client('AKIDSENDER', 'sender-secret');
    await allowed.send(new SendMessageCommand({ QueueUrl: url('work'), MessageBody: 'from the role' }));
    const denied = await refusal(
      allowed.send(new SendMessageCommand({ QueueUrl: url('waiting'), MessageBody: 'x' })),
    );
    expect(denied).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(denied.message).toBe(
      `User: ${sender.arn} is not authorized to perform: sqs:sendmessage on resource: ${queueArn('waiting')} because no identity-based policy allows the sqs:sendmessage action`,
    );
    const notReceiver = await refusal(allowed.send(new ReceiveMessageCommand({ QueueUrl: url('work') })));
    expect(notReceiver).toMatchObject({ code: 'AccessDenied' });
    const unknownKey = await refusal(
      client('AKIDNOBODY', 'x').send(new SendMessageCommand({ QueueUrl: url('work'), MessageBody: 'x' })),
    );
    expect(unknownKey).toMatchObject({ code: 'InvalidClientTokenId', status: 403 });
    const wrongSecret = await refusal(
      client('AKIDSENDER', 'wrong').send(new SendMessageCommand({ QueueUrl: url('work'), MessageBody: 'x' })),
    );
    expect(wrongSecret).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
  });

  it('keeps the messages across a restart', async () => {
    await operator().send(new SendMessageCommand({ QueueUrl: url('dead-letters'), MessageBody: 'kept' }));
    await sqs.stop();
    sqs = await startSqs({ port: 0, queues: QUEUES, identities, dataDir });
    const { Messages } = await operator().send(
      new ReceiveMessageCommand({ QueueUrl: url('dead-letters'), MaxNumberOfMessages: 10 }),
    );
    expect(Messages?.map((message) => message.Body)).toContain('kept');
  });
});
