/**
 * The SQS adapter: the one SQS client for the process and the send the functions use; services call
 * these, never the SDK. Locally the client goes to the SQS stand-in (SQS_ENDPOINT), which takes the
 * queue URLs the templates give (AWS's own form) as SQS does.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { awsEnv, queuesEnv } from './env';
import { QUEUES, type QueueName } from '#shared/platform/storage-layout';

let client: SQSClient | undefined;

export function sqs(): SQSClient {
  if (!client) {
    const { AWS_REGION, SQS_ENDPOINT } = awsEnv();
    client = new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT && { endpoint: SQS_ENDPOINT }) });
  }
  return client;
}

/** The URL of one of the app's queues, from the environment variable the stacks set. */
export const queueUrl = (queue: QueueName): string => queuesEnv()[QUEUES[queue].envVar];

/** Sends one message (its body JSON) to one of the app's queues. */
export async function sendToQueue(queue: QueueName, body: unknown): Promise<void> {
  await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl(queue), MessageBody: JSON.stringify(body) }));
}
