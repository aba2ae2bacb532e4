/**
 * The local stack's queues and what Lambda does with them, wired from the templates in one place: the
 * SQS stand-in with the templates' queues, asynchronous invocation (S3 → Lambda) with the templates'
 * retry settings and on-failure destinations (local/stack/functions/async-invoke.ts), and the SQS event
 * source mappings (local/stack/functions/event-source.ts). Lambda's own calls to SQS (a destination's
 * SendMessage, a mapping's ReceiveMessage and DeleteMessage) are signed with the function's own key, as
 * Lambda makes them with its execution role, so the function's IAM policy decides here as in AWS.
 */
import path from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { TemplateResolver } from '@shutterlane/aws-standins/cloudformation/resolver';
import { AsyncInvoker, asyncInvokeConfigs, type Invoke } from './async-invoke';
import type { LocalFunctionDef } from './definitions';
import { QueuePoller, sqsEventSourceMappings } from './event-source';
import { LOCAL_REGION } from '@shutterlane/aws-standins/iam/arn';
import type { IdentityStore, LocalIdentity } from '@shutterlane/aws-standins/iam/types';
import { startSqs, type LocalSqs } from '@shutterlane/aws-standins/sqs/sqs';
import { queueDefinitions } from '@shutterlane/aws-standins/sqs/sqs-templates';

export interface QueuedInvocationsOptions {
  resolver: TemplateResolver;
  functions: LocalFunctionDef[];
  /** Each function's identity (its key), by function ARN. */
  identityOf: (functionArn: string) => LocalIdentity;
  identities: IdentityStore;
  /** A synchronous invocation (FunctionHost.invoke); called only once functions run. */
  invoke: Invoke;
  port: number;
  /** Queues are kept under `<dataDir>/sqs`. */
  dataDir?: string;
  /** See AsyncInvokerOptions.timeScale. */
  timeScale?: number;
  log?: (line: string) => void;
}

export interface QueuedInvocations {
  sqs: LocalSqs;
  /** S3 → Lambda: hand this to the bucket notifier instead of the synchronous invoke. */
  invokeAsync: Invoke;
  /** Starts the event source mappings' pollers (once the functions run). */
  startPolling(): Promise<void>;
  /** Resolves when no asynchronous event is waiting or running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const queueNameOf = (arn: string): string => arn.slice(arn.lastIndexOf(':') + 1);

export async function startQueuedInvocations(options: QueuedInvocationsOptions): Promise<QueuedInvocations> {
  const sqs = await startSqs({
    port: options.port,
    queues: queueDefinitions(options.resolver),
    identities: options.identities,
    ...(options.dataDir && { dataDir: path.join(options.dataDir, 'sqs') }),
  });
  const clients = new Map<string, SQSClient>();
  const clientFor = (functionArn: string): SQSClient => {
    let client = clients.get(functionArn);
    if (!client) {
      const { accessKeyId, secretAccessKey } = options.identityOf(functionArn);
      client = new SQSClient({
        region: LOCAL_REGION,
        endpoint: sqs.url,
        credentials: { accessKeyId, secretAccessKey },
      });
      clients.set(functionArn, client);
    }
    return client;
  };
  const asyncInvoker = new AsyncInvoker({
    invoke: options.invoke,
    configs: asyncInvokeConfigs(options.resolver),
    ...(options.timeScale !== undefined && { timeScale: options.timeScale }),
    ...(options.log && { log: options.log }),
    deliver: async (destinationArn, record, functionArn) => {
      if (!destinationArn.startsWith('arn:aws:sqs:'))
        throw new Error(`Only SQS destinations are run locally, not ${destinationArn}`);
      await clientFor(functionArn).send(
        new SendMessageCommand({
          QueueUrl: sqs.queueUrl(queueNameOf(destinationArn)),
          MessageBody: JSON.stringify(record),
        }),
      );
    },
  });
  const pollers: QueuePoller[] = [];
  const byArn = new Map(options.functions.map((definition) => [definition.arn, definition]));
  return {
    sqs,
    invokeAsync: asyncInvoker.invoke,
    async startPolling() {
      for (const mapping of sqsEventSourceMappings(options.resolver).filter((m) => m.enabled)) {
        const definition = byArn.get(mapping.functionArn);
        if (!definition) throw new Error(`No app function has the ARN ${mapping.functionArn}`);
        const poller = new QueuePoller({
          mapping,
          queueUrl: sqs.queueUrl(queueNameOf(mapping.queueArn)),
          sqs: clientFor(mapping.functionArn),
          invoke: options.invoke,
          functionTimeoutSeconds: definition.timeoutSeconds,
          ...(options.log && { log: options.log }),
        });
        await poller.start();
        pollers.push(poller);
      }
    },
    idle: () => asyncInvoker.idle(),
    async stop() {
      await asyncInvoker.stop();
      await Promise.all(pollers.map((poller) => poller.stop()));
      for (const client of clients.values()) client.destroy();
      await sqs.stop();
    },
  };
}
