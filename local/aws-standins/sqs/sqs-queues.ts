/**
 * The queues of the SQS stand-in and their messages, as a standard queue behaves: a received message
 * is hidden for the visibility timeout and comes back if not deleted; each receive counts; past the
 * redrive policy's maxReceiveCount a message moves to the dead-letter queue instead of being received
 * again; messages older than the retention period are dropped. Receipt handles are new at each
 * receive; deleting with an old one, or for a message already deleted, succeeds and deletes nothing.
 *
 * Not modelled: FIFO queues, at-least-once duplicates and sampled (incomplete) receives of a real
 * distributed queue (a local receive sees every visible message), and encryption at rest.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { md5Hex, md5OfMessageAttributes, type MessageAttributeValue } from './sqs-md5';

export interface QueueDefinition {
  name: string;
  arn: string;
  /** Seconds (SQS's default 30). */
  visibilityTimeout: number;
  /** Seconds (SQS's default 4 days). */
  messageRetentionPeriod: number;
  delaySeconds: number;
  receiveMessageWaitTimeSeconds: number;
  redrivePolicy?: { deadLetterTargetArn: string; maxReceiveCount: number };
  /** The template's own attributes of the queue, echoed by GetQueueAttributes (e.g. SqsManagedSseEnabled). */
  extraAttributes?: Record<string, string>;
}

export interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes?: Record<string, MessageAttributeValue>;
  md5OfMessageAttributes?: string;
  /** Epoch milliseconds. */
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  visibleAt: number;
  receiptHandle?: string;
  senderId: string;
}

export interface QueueState {
  definition: QueueDefinition;
  createdAt: number;
  messages: StoredMessage[];
}

export class QueueStore {
  private readonly byName = new Map<string, QueueState>();

  constructor(
    definitions: QueueDefinition[],
    private readonly clock: () => number = Date.now,
    saved: Record<string, StoredMessage[]> = {},
  ) {
    for (const definition of definitions)
      this.byName.set(definition.name, {
        definition,
        createdAt: clock(),
        messages: saved[definition.name] ?? [],
      });
  }

  queue(name: string): QueueState | undefined {
    const state = this.byName.get(name);
    if (state) this.dropExpired(state);
    return state;
  }

  /** Every queue's messages, for saving. */
  snapshot(): Record<string, StoredMessage[]> {
    return Object.fromEntries([...this.byName].map(([name, state]) => [name, state.messages]));
  }

  send(
    queue: QueueState,
    message: {
      body: string;
      delaySeconds?: number;
      messageAttributes?: Record<string, MessageAttributeValue>;
      senderId: string;
    },
  ): StoredMessage {
    const now = this.clock();
    const attributes = message.messageAttributes;
    const hasAttributes = attributes !== undefined && Object.keys(attributes).length > 0;
    const stored: StoredMessage = {
      messageId: randomUUID(),
      body: message.body,
      md5OfBody: md5Hex(message.body),
      ...(hasAttributes && {
        messageAttributes: attributes,
        md5OfMessageAttributes: md5OfMessageAttributes(attributes),
      }),
      sentAt: now,
      receiveCount: 0,
      visibleAt: now + 1000 * (message.delaySeconds ?? queue.definition.delaySeconds),
      senderId: message.senderId,
    };
    queue.messages.push(stored);
    return stored;
  }

  /**
   * Up to `max` visible messages, oldest first, each hidden for `visibilityTimeout` seconds (the queue's
   * when not given). A message past its redrive policy's receive count moves to the dead-letter queue.
   */
  receive(queue: QueueState, max: number, visibilityTimeout?: number): StoredMessage[] {
    const now = this.clock();
    const received: StoredMessage[] = [];
    for (const message of [...queue.messages]) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      if (this.redriven(queue, message)) continue;
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + 1000 * (visibilityTimeout ?? queue.definition.visibilityTimeout);
      message.receiptHandle = newReceiptHandle(message.messageId);
      received.push({ ...message });
    }
    return received;
  }

  /** True when the handle is one this stand-in could have issued; the delete itself may be a no-op. */
  delete(queue: QueueState, receiptHandle: string): boolean {
    if (!isReceiptHandle(receiptHandle)) return false;
    const index = queue.messages.findIndex((message) => message.receiptHandle === receiptHandle);
    if (index >= 0) queue.messages.splice(index, 1);
    return true;
  }

  counts(queue: QueueState): { visible: number; inFlight: number; delayed: number } {
    const now = this.clock();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of queue.messages) {
      if (message.visibleAt <= now) visible += 1;
      else if (message.receiveCount > 0) inFlight += 1;
      else delayed += 1;
    }
    return { visible, inFlight, delayed };
  }

  /** When the next hidden message becomes visible (epoch ms), for long polls. */
  nextVisibleAt(queue: QueueState): number | undefined {
    const hidden = queue.messages.map((message) => message.visibleAt).filter((at) => at > this.clock());
    return hidden.length > 0 ? Math.min(...hidden) : undefined;
  }

  private redriven(queue: QueueState, message: StoredMessage): boolean {
    const policy = queue.definition.redrivePolicy;
    if (!policy || message.receiveCount < policy.maxReceiveCount) return false;
    const target = [...this.byName.values()].find((q) => q.definition.arn === policy.deadLetterTargetArn);
    // A dead-letter queue that does not exist leaves the message where it is, as SQS does.
    if (!target) return false;
    queue.messages.splice(queue.messages.indexOf(message), 1);
    // Moved as it is: same id, body, attributes, sent time and receive count (SQS keeps them).
    target.messages.push({ ...message, visibleAt: this.clock(), receiptHandle: undefined });
    return true;
  }

  private dropExpired(state: QueueState): void {
    const oldest = this.clock() - 1000 * state.definition.messageRetentionPeriod;
    state.messages = state.messages.filter((message) => message.sentAt > oldest);
  }
}

/** Opaque to clients: the message id and a nonce, so every receive gives a new handle. */
function newReceiptHandle(messageId: string): string {
  return Buffer.from(`${messageId} ${randomBytes(24).toString('base64url')}`).toString('base64url');
}

function isReceiptHandle(handle: string): boolean {
  const decoded = Buffer.from(handle, 'base64url').toString('utf8');
  return /^[0-9a-f-]{36} [\w-]{32}$/.test(decoded);
}
