/**
 * SQS event source mappings as Lambda runs them (AWS::Lambda::EventSourceMapping from the templates): a
 * poller long-polls the queue with the function's own credentials (Lambda reads the queue with the
 * function's execution role), invokes the function synchronously with the batch as an SQS event, and
 * deletes the messages it handled: all of them on success; with ReportBatchItemFailures, all but the
 * ones the function's `batchItemFailures` names; none when the invocation fails (they come back after
 * the queue's visibility timeout, and the queue's redrive policy moves them on in the end).
 *
 * As Lambda refuses to create the mapping, a queue whose visibility timeout is shorter than the
 * function's timeout stops the local stack. Not modelled: scaling to several pollers, batching windows
 * longer than one long poll, and filter criteria (the app uses none).
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { resourcesOfType } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import type { Invoke } from './async-invoke';

export interface SqsEventSourceMapping {
  functionArn: string;
  queueArn: string;
  batchSize: number;
  reportBatchItemFailures: boolean;
  enabled: boolean;
}

interface MappingProperties {
  EventSourceArn: string;
  BatchSize?: number;
  FunctionResponseTypes?: string[];
  Enabled?: boolean;
}

/** The SQS mappings of the templates (Lambda's default batch size for SQS is 10). */
export function sqsEventSourceMappings(resolver: TemplateResolver): SqsEventSourceMapping[] {
  return resourcesOfType(resolver.assembly, 'AWS::Lambda::EventSourceMapping').flatMap(
    ({ stack, resource }) => {
      const functionRef = resource.Properties?.FunctionName as { Ref?: string } | undefined;
      if (!functionRef?.Ref)
        throw new Error(`${stack}: an event source mapping must name a function of its stack`);
      const properties = resolver.resolve(stack, resource.Properties) as MappingProperties;
      if (!properties.EventSourceArn.startsWith('arn:aws:sqs:')) return [];
      return [
        {
          functionArn: resolver.resolveString(stack, { 'Fn::GetAtt': [functionRef.Ref, 'Arn'] }),
          queueArn: properties.EventSourceArn,
          batchSize: properties.BatchSize ?? 10,
          reportBatchItemFailures: (properties.FunctionResponseTypes ?? []).includes(
            'ReportBatchItemFailures',
          ),
          enabled: properties.Enabled ?? true,
        },
      ];
    },
  );
}

export interface PollerOptions {
  mapping: SqsEventSourceMapping;
  /** The queue's URL at the SQS stand-in. */
  queueUrl: string;
  /** The SQS client signing as the function. */
  sqs: SQSClient;
  invoke: Invoke;
  functionTimeoutSeconds: number;
  /** Long poll length in seconds (Lambda's is 20). */
  waitSeconds?: number;
  log?: (line: string) => void;
}

/** The SQS event Lambda builds from received messages. */
export function sqsEvent(messages: Message[], queueArn: string): SQSEvent {
  const region = queueArn.split(':')[3] ?? '';
  return {
    Records: messages.map((message) => ({
      messageId: message.MessageId!,
      receiptHandle: message.ReceiptHandle!,
      body: message.Body ?? '',
      attributes: message.Attributes as SQSEvent['Records'][number]['attributes'],
      messageAttributes: Object.fromEntries(
        Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
          name,
          {
            dataType: value.DataType ?? 'String',
            ...(value.StringValue !== undefined && { stringValue: value.StringValue }),
            ...(value.BinaryValue !== undefined && {
              binaryValue: Buffer.from(value.BinaryValue).toString('base64'),
            }),
          },
        ]),
      ),
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: region,
    })),
  };
}

/**
 * The messages to delete after an invocation. A response whose batchItemFailures is not a list of
 * known message ids counts as a failed batch, as Lambda treats it.
 */
export function handledMessages(
  messages: Message[],
  outcome: Awaited<ReturnType<Invoke>>,
  reportBatchItemFailures: boolean,
): Message[] {
  if (!outcome.ok) return [];
  if (!reportBatchItemFailures) return messages;
  const response = outcome.result as Partial<SQSBatchResponse> | null | undefined;
  const failures = response?.batchItemFailures ?? [];
  if (!Array.isArray(failures)) return [];
  const ids = new Set(messages.map((message) => message.MessageId));
  const failed = new Set<string | undefined>(failures.map((failure) => failure?.itemIdentifier));
  if ([...failed].some((id) => typeof id !== 'string' || !ids.has(id))) return [];
  return messages.filter((message) => !failed.has(message.MessageId));
}

/** One mapping's polling loop. */
export class QueuePoller {
  private readonly aborted = new AbortController();
  private running: Promise<void> | undefined;

  constructor(private readonly options: PollerOptions) {}

  /** Checks the mapping as Lambda does when creating it, then polls until stopped. */
  async start(): Promise<void> {
    const { sqs, queueUrl, functionTimeoutSeconds, mapping } = this.options;
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['VisibilityTimeout'] }),
    );
    const visibility = Number(Attributes?.VisibilityTimeout);
    if (visibility < functionTimeoutSeconds)
      throw new Error(
        `InvalidParameterValueException: Queue visibility timeout: ${visibility} seconds is less than Function timeout: ${functionTimeoutSeconds} seconds (${mapping.queueArn})`,
      );
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.aborted.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const signal = this.aborted.signal;
    while (!signal.aborted) {
      try {
        await this.pollOnce(signal);
      } catch (error) {
        if (signal.aborted) return;
        (this.options.log ?? console.error)(`[SQS → ${this.options.mapping.functionArn}] ${String(error)}`);
        // A refused or failed poll (e.g. the role lacks sqs:ReceiveMessage): Lambda keeps trying.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** One long poll, and the batch's invocation if it brought messages. */
  async pollOnce(signal?: AbortSignal): Promise<void> {
    const { sqs, queueUrl, mapping, invoke } = this.options;
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: Math.min(mapping.batchSize, 10),
        WaitTimeSeconds: this.options.waitSeconds ?? 20,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: signal },
    );
    if (Messages.length === 0) return;
    const outcome = await invoke(mapping.functionArn, sqsEvent(Messages, mapping.queueArn));
    for (const message of handledMessages(Messages, outcome, mapping.reportBatchItemFailures))
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
  }
}
