/**
 * Unit test of the resize failures consumer with DynamoDB mocked: an invocation record from the
 * on-failure queue marks its photo FAILED with the seller-facing reason, only while the photo waits
 * for processing; a message that is not such a record is reported back for redelivery.
 */
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sellerToolErrors } from '#shared/seller-tools-errors';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import type * as ServiceModule from './service';

const dynamo = mockClient(DynamoDBDocumentClient);
let service: typeof ServiceModule;

/** An invocation record as Lambda sends it to an SQS destination after the retries ran out. */
const failureRecord = (key: string) => ({
  version: '1.0',
  timestamp: '2026-11-23T10:00:00.000Z',
  requestContext: {
    requestId: 'e4b46cbf-b738-4f0e-8880-a18cdf61200e',
    functionArn: 'arn:aws:lambda:eu-west-2:000000000000:function:resize:$LATEST',
    condition: 'RetriesExhausted',
    approximateInvokeCount: 3,
  },
  requestPayload: {
    Records: [
      {
        eventName: 'ObjectCreated:Put',
        s3: { bucket: { name: 'originals' }, object: { key, size: 12 } },
      },
    ],
  },
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  responsePayload: { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 60.00 seconds' },
});

const message = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;

beforeAll(async () => {
  setUnitTestEnv();
  service = await import('./service');
});

beforeEach(() => dynamo.reset());

describe('the resize failures consumer', () => {
  it('marks the photo FAILED with the reason the seller sees, only while it waits for processing', async () => {
    dynamo.on(UpdateCommand).resolves({});
    const outcomes = await service.handleFailedInvocation(
      JSON.stringify(failureRecord('photos/gallery-1/photo-1')),
    );
    expect(outcomes).toEqual(['marked']);
    const [update] = dynamo.commandCalls(UpdateCommand);
    expect(update!.args[0].input).toMatchObject({
      TableName: 'photos',
      Key: { galleryId: 'gallery-1', photoId: 'photo-1' },
      ConditionExpression: '#status IN (:uploading, :processing)',
      ExpressionAttributeValues: { ':failed': 'FAILED', ':reason': sellerToolErrors.processingFailed },
    });
  });

  it('leaves a photo that became READY or was deleted meanwhile as it is', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('no'), { name: 'ConditionalCheckFailedException' }));
    expect(await service.handleFailedInvocation(JSON.stringify(failureRecord('photos/g/p')))).toEqual([
      'unchanged',
    ]);
  });

  it('ignores keys outside the originals layout without writing', async () => {
    expect(await service.handleFailedInvocation(JSON.stringify(failureRecord('stray.jpg')))).toEqual([
      'outside-layout',
    ]);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('reports back only the messages it could not handle (not a record, or DynamoDB failing)', async () => {
    dynamo
      .on(UpdateCommand, { Key: { galleryId: 'g-ok', photoId: 'p' } })
      .resolves({})
      .on(UpdateCommand, { Key: { galleryId: 'g-down', photoId: 'p' } })
      .rejects(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    const failures = await service.handleFailureMessages([
      message('m1', JSON.stringify(failureRecord('photos/g-ok/p'))),
      message('m2', 'not json'),
      message('m3', JSON.stringify({ requestContext: {} })),
      message('m4', JSON.stringify(failureRecord('photos/g-down/p'))),
    ]);
    expect(failures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }, { itemIdentifier: 'm4' }]);
  });
});
