/**
 * The SQS adapter: one client for the process (pointed at the stand-in locally by SQS_ENDPOINT) and the
 * one way functions hand work to a queue of the storage layout. Services call this, never the SDK.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { awsEnv, queuesEnv } from './env';
import { QUEUES, type QueueName } from './storage-layout';

let client: SQSClient | undefined;

function sqs(): SQSClient {
  if (!client) {
    const { AWS_REGION, SQS_ENDPOINT } = awsEnv();
    client = new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT && { endpoint: SQS_ENDPOINT }) });
  }
  return client;
}

/** Sends one job (JSON) to the queue; its consumer takes it from there. */
export async function sendJob(queue: QueueName, job: unknown): Promise<void> {
  const url = (queuesEnv() as Record<string, string | undefined>)[QUEUES[queue].envVar];
  if (!url) throw new Error(`This function may not send to the ${queue} queue (no ${QUEUES[queue].envVar})`);
  await sqs().send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(job) }));
}
