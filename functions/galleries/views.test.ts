/**
 * The seller's photo view: a thumbnail as soon as the resize has stored one (READY, or PROCESSING with
 * its thumbnail recorded), but the full size only once READY; the URLs are the same before and after
 * READY, so the grid loads the thumbnail once.
 */
import { describe, expect, it } from 'vitest';
import type { PhotoRecord } from '../domains/galleries/photo-store';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { photoView } from './views';

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const record = (fields: Partial<PhotoRecord>): PhotoRecord => ({
  galleryId: 'gallery-1',
  photoId: 'photo-1',
  userId: 'seller-1',
  status: 'PROCESSING',
  quality: 'original',
  createdAt: '2026-06-01T08:00:00.000Z',
  ...fields,
});
const everything = { urls: true, thumbnails: true };

describe('photoView', () => {
  it('gives a processing photo its thumbnail once stored, JPEG and WebP, and no full size', async () => {
    const view = await photoView(record({ thumbnailAt: '2026-06-01T08:00:01.000Z' }), everything);
    // Virtual-hosted on AWS: the bucket is the host, the key the path.
    expect(new URL(view.thumbnailUrl!).pathname).toBe('/thumbnails/gallery-1/photo-1.jpg');
    expect(new URL(view.thumbnailWebpUrl!).pathname).toBe('/thumbnails/gallery-1/photo-1.webp');
    expect(view.downloadUrl).toBeUndefined();
  });

  it('gives nothing to show before the thumbnail is stored, nor for a failed photo', async () => {
    expect((await photoView(record({}), everything)).thumbnailUrl).toBeUndefined();
    const failed = record({ status: 'FAILED', thumbnailAt: '2026-06-01T08:00:01.000Z' });
    expect((await photoView(failed, everything)).thumbnailUrl).toBeUndefined();
  });

  it('gives the READY photo the same thumbnail URLs, and its full size', async () => {
    const thumbnailAt = '2026-06-01T08:00:01.000Z';
    const processing = await photoView(record({ thumbnailAt }), everything);
    const ready = await photoView(record({ thumbnailAt, status: 'READY', webp: true }), everything);
    expect([ready.thumbnailUrl, ready.thumbnailWebpUrl]).toEqual([
      processing.thumbnailUrl,
      processing.thumbnailWebpUrl,
    ]);
    expect(ready.downloadUrl).toBe('/api/galleries/gallery-1/photos/photo-1/download');
  });
});
