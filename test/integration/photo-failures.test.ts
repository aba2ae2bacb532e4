/**
 * The photos repository's "processing gave up" write against DynamoDB's stand-in: it marks a photo FAILED
 * only while the photo waits for processing. A photo that became READY meanwhile, or was deleted, stays
 * as it is (the resize failures consumer's unit test replaces this repository).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  getPhoto,
  markProcessingFailed,
  putPhoto,
  type PhotoStatus,
} from '../../functions/domains/galleries/photo-store';
import { useTestStack } from '@shutterlane/harness/local-stack';

useTestStack();

const galleryId = `failures-${randomUUID()}`;
const photo = (photoId: string, status: PhotoStatus) =>
  putPhoto({
    galleryId,
    photoId,
    userId: 'seller-1',
    status,
    quality: 'original',
    createdAt: new Date().toISOString(),
  });

describe('markProcessingFailed', () => {
  it.each(['UPLOADING', 'PROCESSING'] as const)('marks a %s photo FAILED with the reason', async (status) => {
    await photo(`waiting-${status}`, status);
    expect(await markProcessingFailed(galleryId, `waiting-${status}`, 'Could not process')).toBe(true);
    expect(await getPhoto(galleryId, `waiting-${status}`)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Could not process',
    });
  });

  it('leaves a READY photo as it is', async () => {
    await photo('ready', 'READY');
    expect(await markProcessingFailed(galleryId, 'ready', 'Could not process')).toBe(false);
    const stored = await getPhoto(galleryId, 'ready');
    expect(stored?.status).toBe('READY');
    expect(stored?.failureReason).toBeUndefined();
  });

  it('creates nothing for a photo that was deleted', async () => {
    expect(await markProcessingFailed(galleryId, 'deleted', 'Could not process')).toBe(false);
    expect(await getPhoto(galleryId, 'deleted')).toBeUndefined();
  });
});
