import { describe, expect, it } from 'vitest';
import { SIGNED_URL_TTL_SECONDS } from '#shared/constants';
import type { Gallery } from '#shared/schemas/gallery';
import { type KeptUrls, withStableUrls } from './stable-urls';

const gallery = (thumbnails: Record<string, string | undefined>): Gallery =>
  ({
    galleryId: 'g1',
    albumName: 'Regatta',
    createdAt: '2026-11-23T10:00:00.000Z',
    photoCount: Object.keys(thumbnails).length,
    photos: Object.entries(thumbnails).map(([photoId, thumbnailUrl]) => ({
      photoId,
      status: thumbnailUrl ? 'READY' : 'PROCESSING',
      ...(thumbnailUrl && { thumbnailUrl }),
    })),
  }) as Gallery;

const urls = (g: Gallery) => Object.fromEntries(g.photos.map((p) => [p.photoId, p.thumbnailUrl]));

describe('withStableUrls', () => {
  it('keeps the URL a photo was first shown with when a later poll signs it anew', () => {
    const kept: KeptUrls = new Map();
    withStableUrls(gallery({ p1: 'u1-a', p2: undefined }), kept, 0);
    const later = withStableUrls(gallery({ p1: 'u1-b', p2: 'u2-a' }), kept, 30_000);
    expect(urls(later)).toEqual({ p1: 'u1-a', p2: 'u2-a' });
  });

  it('takes the new URL once the kept one nears the end of its promised lifetime', () => {
    const kept: KeptUrls = new Map();
    withStableUrls(gallery({ p1: 'u1-a' }), kept, 0);
    const late = withStableUrls(gallery({ p1: 'u1-b' }), kept, SIGNED_URL_TTL_SECONDS * 1000);
    expect(urls(late)).toEqual({ p1: 'u1-b' });
    expect(urls(withStableUrls(gallery({ p1: 'u1-c' }), kept, SIGNED_URL_TTL_SECONDS * 1000 + 1))).toEqual({
      p1: 'u1-b',
    });
  });

  it('forgets deleted photos', () => {
    const kept: KeptUrls = new Map();
    withStableUrls(gallery({ p1: 'u1-a', p2: 'u2-a' }), kept, 0);
    withStableUrls(gallery({ p2: 'u2-a' }), kept, 1_000);
    expect([...kept.keys()]).toEqual(['p2 thumbnailUrl']);
  });

  it('keeps the WebP thumbnail the grid shows too', () => {
    const kept: KeptUrls = new Map();
    const withWebp = (suffix: string): Gallery => {
      const base = gallery({ p1: `u1-${suffix}` });
      return { ...base, photos: base.photos.map((p) => ({ ...p, thumbnailWebpUrl: `w1-${suffix}` })) };
    };
    withStableUrls(withWebp('a'), kept, 0);
    const later = withStableUrls(withWebp('b'), kept, 30_000);
    expect(later.photos[0]).toMatchObject({ thumbnailUrl: 'u1-a', thumbnailWebpUrl: 'w1-a' });
  });
});
