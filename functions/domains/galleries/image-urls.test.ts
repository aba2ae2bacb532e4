import { beforeAll, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../../lib/testing/unit-env';
import type * as ImageUrls from './image-urls';

let signedImageUrl: typeof ImageUrls.signedImageUrl;
let thumbnailUrls: typeof ImageUrls.thumbnailUrls;

beforeAll(async () => {
  setUnitTestEnv({
    AWS_REGION: 'eu-west-2',
    S3_ENDPOINT: 'http://127.0.0.1:4569',
    ORIGINALS_BUCKET: 'originals-bucket',
    DERIVED_BUCKET: 'derived-bucket',
  });
  ({ signedImageUrl, thumbnailUrls } = await import('./image-urls'));
});

const photo = { galleryId: 'g1', photoId: 'p1' };

describe('signedImageUrl', () => {
  it.each([
    ['original', '/originals-bucket/photos/g1/p1'],
    ['thumbnail', '/derived-bucket/thumbnails/g1/p1.jpg'],
    ['optimized', '/derived-bucket/optimized/g1/p1.jpg'],
    ['thumbnailWebp', '/derived-bucket/thumbnails/g1/p1.webp'],
    ['optimizedWebp', '/derived-bucket/optimized/g1/p1.webp'],
    ['gridWebp', '/derived-bucket/thumbnails/g1/p1.grid.webp'],
  ] as const)('signs the %s at its bucket and key', async (kind, path) => {
    const url = new URL(await signedImageUrl(photo, kind));
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs for the time asked, never past the default', async () => {
    const short = new URL(await signedImageUrl(photo, 'thumbnail', 60));
    expect(short.searchParams.get('X-Amz-Expires')).toBe('60');
    const long = new URL(await signedImageUrl(photo, 'thumbnail', 10 * 24 * 3600));
    expect(Number(long.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(3600);
  });
});

describe('thumbnailUrls', () => {
  it('gives the JPEG and the WebP thumbnail, signed alike', async () => {
    const urls = await thumbnailUrls(photo, true, 60);
    expect(new URL(urls.thumbnailUrl).pathname).toBe('/derived-bucket/thumbnails/g1/p1.jpg');
    const webp = new URL(urls.thumbnailWebpUrl!);
    expect(webp.pathname).toBe('/derived-bucket/thumbnails/g1/p1.webp');
    expect(webp.searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('gives no WebP URL for a photo known to have none', async () => {
    expect(Object.keys(await thumbnailUrls(photo, false))).toEqual(['thumbnailUrl']);
  });
});
