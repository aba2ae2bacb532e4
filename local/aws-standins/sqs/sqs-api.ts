/**
 * The SQS operations the local stack uses, over the JSON protocol the SDK v3 speaks (`X-Amz-Target:
 * AmazonSQS.<Operation>`, JSON bodies): SendMessage, ReceiveMessage (with long polling),
 * DeleteMessage, GetQueueAttributes and GetQueueUrl, with SQS's validation and errors. Any other
 * operation is refused as unsupported rather than half-done.
 */
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from '../iam/arn';
import { sqsErrors } from './sqs-errors';
import type { MessageAttributeValue } from './sqs-md5';
import type { QueueState, QueueStore, StoredMessage } from './sqs-queues';

export const SUPPORTED_OPERATIONS = [
  'SendMessage',
  'ReceiveMessage',
  'DeleteMessage',
  'GetQueueAttributes',
  'GetQueueUrl',
] as const;
export type SqsOperation = (typeof SUPPORTED_OPERATIONS)[number];

export const isSupported = (operation: string): operation is SqsOperation =>
  (SUPPORTED_OPERATIONS as readonly string[]).includes(operation);

/** SQS's largest message (body and attributes): 1 MiB. */
export const MAX_MESSAGE_BYTES = 1_048_576;

export const queueArn = (name: string): string => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${name}`;

/** The queue a `QueueUrl` names (`…/<account>/<name>`, whatever the host), or undefined. */
export function queueNameOf(queueUrl: string): string | undefined {
  let path: string;
  try {
    path = new URL(queueUrl).pathname;
  } catch {
    return undefined;
  }
  const [account, name, ...rest] = path.split('/').filter(Boolean);
  return account === LOCAL_ACCOUNT_ID && name && rest.length === 0 ? name : undefined;
}

/** The queue name a request is about (its QueueUrl, or GetQueueUrl's QueueName), for IAM. */
export function requestedQueueName(operation: SqsOperation, input: Record<string, unknown>): string {
  if (operation === 'GetQueueUrl') return stringParameter(input, 'QueueName');
  return queueNameOf(stringParameter(input, 'QueueUrl')) ?? '';
}

function stringParameter(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (value === undefined || value === '') throw sqsErrors.missingParameter(name);
  if (typeof value !== 'string') throw sqsErrors.serialization(`${name} must be a string`);
  return value;
}

function integerParameter(
  input: Record<string, unknown>,
  name: string,
  range: [number, number],
): number | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw sqsErrors.serialization(`${name} must be an integer`);
  if (value < range[0] || value > range[1])
    throw sqsErrors.invalidParameterValue(
      `Value ${value} for parameter ${name} is invalid. Reason: Must be between ${range[0]} and ${range[1]}.`,
    );
  return value;
}

/** Characters SQS accepts in a message: #x9 #xA #xD, #x20-#xD7FF, #xE000-#xFFFD, #x10000-#x10FFFF. */
const INVALID_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const SYSTEM_ATTRIBUTES = [
  'SenderId',
  'SentTimestamp',
  'ApproximateReceiveCount',
  'ApproximateFirstReceiveTimestamp',
] as const;

export interface SqsContext {
  store: QueueStore;
  /** The queue URL this endpoint hands out for a queue name. */
  queueUrl(name: string): string;
  /** Long polls wait for this (a message sent) or their next check. */
  waitForSend(queueName: string, ms: number, signal: AbortSignal): Promise<void>;
  /** Called after a change, so the stand-in can save its queues. */
  changed(): void;
}

function existingQueue(context: SqsContext, input: Record<string, unknown>): QueueState {
  const name = queueNameOf(stringParameter(input, 'QueueUrl'));
  const queue = name === undefined ? undefined : context.store.queue(name);
  if (!queue) throw sqsErrors.queueDoesNotExist();
  return queue;
}

function messageAttributesOf(
  input: Record<string, unknown>,
): Record<string, MessageAttributeValue> | undefined {
  const attributes = input.MessageAttributes as Record<string, MessageAttributeValue> | undefined;
  if (attributes === undefined) return undefined;
  for (const [name, value] of Object.entries(attributes)) {
    const hasValue = value.StringValue !== undefined || value.BinaryValue !== undefined;
    if (!value.DataType || !hasValue || 'StringListValues' in value || 'BinaryListValues' in value)
      throw sqsErrors.invalidParameterValue(
        `Message (user) attribute '${name}' must contain a non-empty value of the declared type.`,
      );
  }
  return attributes;
}

function sendMessage(context: SqsContext, input: Record<string, unknown>, senderId: string) {
  const queue = existingQueue(context, input);
  const body = stringParameter(input, 'MessageBody');
  if (INVALID_CHARACTER.test(body)) throw sqsErrors.invalidMessageContents();
  if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES)
    throw sqsErrors.invalidParameterValue(
      `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`,
    );
  if (input.MessageDeduplicationId !== undefined)
    throw sqsErrors.invalidParameterValue(
      'The request include parameter that is not valid for this queue type. Reason: MessageDeduplicationId is only valid for FIFO queues.',
    );
  const delaySeconds = integerParameter(input, 'DelaySeconds', [0, 900]);
  const messageAttributes = messageAttributesOf(input);
  const sent = context.store.send(queue, {
    body,
    senderId,
    ...(delaySeconds !== undefined && { delaySeconds }),
    ...(messageAttributes && { messageAttributes }),
  });
  context.changed();
  return {
    MessageId: sent.messageId,
    MD5OfMessageBody: sent.md5OfBody,
    ...(sent.md5OfMessageAttributes && { MD5OfMessageAttributes: sent.md5OfMessageAttributes }),
  };
}

/** The system attributes asked for (`All` or names, in either parameter the SDKs use). */
function wantedSystemAttributes(input: Record<string, unknown>): readonly string[] {
  const names = [
    ...((input.MessageSystemAttributeNames as string[] | undefined) ?? []),
    ...((input.AttributeNames as string[] | undefined) ?? []),
  ];
  return names.includes('All') ? SYSTEM_ATTRIBUTES : names;
}

function systemAttribute(message: StoredMessage, name: string): string | undefined {
  switch (name) {
    case 'SenderId':
      return message.senderId;
    case 'SentTimestamp':
      return String(message.sentAt);
    case 'ApproximateReceiveCount':
      return String(message.receiveCount);
    case 'ApproximateFirstReceiveTimestamp':
      return message.firstReceivedAt === undefined ? undefined : String(message.firstReceivedAt);
    default:
      return undefined;
  }
}

function receivedMessage(message: StoredMessage, input: Record<string, unknown>) {
  const system = Object.fromEntries(
    wantedSystemAttributes(input).flatMap((name) => {
      const value = systemAttribute(message, name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const wantedUser = (input.MessageAttributeNames as string[] | undefined) ?? [];
  const allUser = wantedUser.includes('All') || wantedUser.includes('.*');
  const user = Object.fromEntries(
    Object.entries(message.messageAttributes ?? {}).filter(([name]) => allUser || wantedUser.includes(name)),
  );
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle,
    MD5OfBody: message.md5OfBody,
    Body: message.body,
    ...(Object.keys(system).length > 0 && { Attributes: system }),
    ...(Object.keys(user).length > 0 && {
      MessageAttributes: user,
      MD5OfMessageAttributes: message.md5OfMessageAttributes,
    }),
  };
}

async function receiveMessage(context: SqsContext, input: Record<string, unknown>, signal: AbortSignal) {
  const queue = existingQueue(context, input);
  const max = integerParameter(input, 'MaxNumberOfMessages', [1, 10]) ?? 1;
  const visibilityTimeout = integerParameter(input, 'VisibilityTimeout', [0, 43_200]);
  const waitSeconds =
    integerParameter(input, 'WaitTimeSeconds', [0, 20]) ?? queue.definition.receiveMessageWaitTimeSeconds;
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const messages = context.store.receive(queue, max, visibilityTimeout);
    if (messages.length > 0) {
      context.changed();
      return { Messages: messages.map((message) => receivedMessage(message, input)) };
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal.aborted) return {};
    const nextVisible = context.store.nextVisibleAt(queue);
    const wait = Math.min(remaining, nextVisible === undefined ? remaining : nextVisible - Date.now() + 5);
    await context.waitForSend(queue.definition.name, Math.max(wait, 5), signal);
  }
}

function deleteMessage(context: SqsContext, input: Record<string, unknown>) {
  const queue = existingQueue(context, input);
  const handle = stringParameter(input, 'ReceiptHandle');
  if (!context.store.delete(queue, handle)) throw sqsErrors.receiptHandleIsInvalid(handle);
  context.changed();
  return undefined;
}

function queueAttributes(context: SqsContext, queue: QueueState): Record<string, string> {
  const { definition } = queue;
  const counts = context.store.counts(queue);
  const createdSeconds = String(Math.floor(queue.createdAt / 1000));
  return {
    QueueArn: definition.arn,
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
    CreatedTimestamp: createdSeconds,
    LastModifiedTimestamp: createdSeconds,
    VisibilityTimeout: String(definition.visibilityTimeout),
    MaximumMessageSize: String(MAX_MESSAGE_BYTES),
    MessageRetentionPeriod: String(definition.messageRetentionPeriod),
    DelaySeconds: String(definition.delaySeconds),
    ReceiveMessageWaitTimeSeconds: String(definition.receiveMessageWaitTimeSeconds),
    ...(definition.redrivePolicy && { RedrivePolicy: JSON.stringify(definition.redrivePolicy) }),
    ...definition.extraAttributes,
  };
}

function getQueueAttributes(context: SqsContext, input: Record<string, unknown>) {
  const queue = existingQueue(context, input);
  const names = (input.AttributeNames as string[] | undefined) ?? [];
  const all = queueAttributes(context, queue);
  if (names.includes('All')) return { Attributes: all };
  for (const name of names) if (!(name in all)) throw sqsErrors.invalidAttributeName(name);
  const picked = Object.fromEntries(names.map((name) => [name, all[name]!]));
  return Object.keys(picked).length > 0 ? { Attributes: picked } : {};
}

function getQueueUrl(context: SqsContext, input: Record<string, unknown>) {
  const name = stringParameter(input, 'QueueName');
  if (!context.store.queue(name)) throw sqsErrors.queueDoesNotExist();
  return { QueueUrl: context.queueUrl(name) };
}

/** Runs one operation; the result is the JSON answer (undefined: an empty 200). */
export function runOperation(
  context: SqsContext,
  operation: SqsOperation,
  input: Record<string, unknown>,
  caller: { senderId: string; signal: AbortSignal },
): Promise<unknown> | unknown {
  switch (operation) {
    case 'SendMessage':
      return sendMessage(context, input, caller.senderId);
    case 'ReceiveMessage':
      return receiveMessage(context, input, caller.signal);
    case 'DeleteMessage':
      return deleteMessage(context, input);
    case 'GetQueueAttributes':
      return getQueueAttributes(context, input);
    case 'GetQueueUrl':
      return getQueueUrl(context, input);
  }
}
