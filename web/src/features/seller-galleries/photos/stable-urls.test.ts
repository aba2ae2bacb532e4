import { describe, expect, it } from 'vitest';
import { GALLERY_THUMBNAILS_FOR_MAX, SIGNED_URL_TTL_SECONDS } from '#shared/rules/constants';
import type { Gallery } from '#shared/schemas/gallery';
import { type KeptUrls, thumbnailsToAsk, unaskedThumbnails, withStableUrls } from './stable-urls';

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

describe('a re-read that asks only for the thumbnails the grid lacks', () => {
  it('asks for nothing on the first read (every photo), then only for photos without a kept thumbnail', () => {
    const kept: KeptUrls = new Map();
    expect(thumbnailsToAsk(undefined, kept, 0)).toBeUndefined();
    const first = withStableUrls(gallery({ p1: 'u1-a', p2: undefined }), kept, 0);
    const failed = { ...first, photos: [...first.photos, { photoId: 'p3', status: 'FAILED' as const }] };
    expect(thumbnailsToAsk(failed, kept, 1_000)).toEqual(['p2']);
  });

  it('keeps showing the kept thumbnail of a photo the re-read did not ask for', () => {
    const kept: KeptUrls = new Map();
    withStableUrls(gallery({ p1: 'u1-a', p2: undefined }), kept, 0);
    const slim = { ...gallery({ p1: undefined, p2: 'u2-a' }) };
    slim.photos[0]!.status = 'READY';
    const shown = withStableUrls(slim, kept, 1_000);
    expect(urls(shown)).toEqual({ p1: 'u1-a', p2: 'u2-a' });
    expect([...kept.keys()].sort()).toEqual(['p1 thumbnailUrl', 'p2 thumbnailUrl']);
  });

  it('asks for every photo again once a kept URL nears the end of its lifetime', () => {
    const kept: KeptUrls = new Map();
    const first = withStableUrls(gallery({ p1: 'u1-a' }), kept, 0);
    expect(thumbnailsToAsk(first, kept, 1_000)).toEqual([]);
    expect(thumbnailsToAsk(first, kept, SIGNED_URL_TTL_SECONDS * 1000)).toBeUndefined();
  });

  it('asks for at most the allowed number of photos, in the grid order', () => {
    const many = gallery(
      Object.fromEntries(
        Array.from({ length: 150 }, (_, i) => [`p${String(i).padStart(3, '0')}`, undefined]),
      ),
    );
    const asked = thumbnailsToAsk(many, new Map(), 0)!;
    expect(asked).toHaveLength(GALLERY_THUMBNAILS_FOR_MAX);
    expect(asked[0]).toBe('p000');
  });

  it('counts READY photos shown without a thumbnail the read did not ask for (first seen READY)', () => {
    const answer = gallery({ p1: undefined, p2: undefined });
    answer.photos[0]!.status = 'READY';
    expect(unaskedThumbnails(answer, new Set(['p2']))).toBe(1);
    expect(unaskedThumbnails(answer, new Set(['p1']))).toBe(0);
    expect(unaskedThumbnails(answer, undefined)).toBe(0);
  });
});
