/**
 * Unit test of the resize failures consumer, with the photos repository replaced: an invocation record
 * from the on-failure queue marks its photo FAILED with the seller-facing reason (the repository's write
 * is conditional on the photo still waiting for processing: test/integration/photo-failures.test.ts); a
 * message that is not such a record is reported back for redelivery.
 */
import type { SQSRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { markProcessingFailed } from '../domains/galleries/photo-store';
import { handleFailedInvocation, handleFailureMessages } from './service';

vi.mock('../domains/galleries/photo-store', () => ({ markProcessingFailed: vi.fn() }));
const marking = vi.mocked(markProcessingFailed);

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

beforeEach(() => vi.resetAllMocks());

describe('the resize failures consumer', () => {
  it('marks the photo FAILED with the reason the seller sees', async () => {
    marking.mockResolvedValue(true);
    const outcomes = await handleFailedInvocation(JSON.stringify(failureRecord('photos/gallery-1/photo-1')));
    expect(outcomes).toEqual(['marked']);
    expect(marking).toHaveBeenCalledWith('gallery-1', 'photo-1', sellerToolErrors.processingFailed);
  });

  it('leaves a photo that became READY or was deleted meanwhile as it is', async () => {
    marking.mockResolvedValue(false);
    expect(await handleFailedInvocation(JSON.stringify(failureRecord('photos/g/p')))).toEqual(['unchanged']);
  });

  it('ignores keys outside the originals layout without writing', async () => {
    expect(await handleFailedInvocation(JSON.stringify(failureRecord('stray.jpg')))).toEqual([
      'outside-layout',
    ]);
    expect(marking).not.toHaveBeenCalled();
  });

  it('reports back only the messages it could not handle (not a record, or the table failing)', async () => {
    marking.mockImplementation(async (galleryId) => {
      if (galleryId === 'g-down')
        throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
      return true;
    });
    const failures = await handleFailureMessages([
      message('m1', JSON.stringify(failureRecord('photos/g-ok/p'))),
      message('m2', 'not json'),
      message('m3', JSON.stringify({ requestContext: {} })),
      message('m4', JSON.stringify(failureRecord('photos/g-down/p'))),
    ]);
    expect(failures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }, { itemIdentifier: 'm4' }]);
  });
});
