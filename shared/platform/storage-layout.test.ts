import { describe, expect, it } from 'vitest';
import { derivedKeys, objectKeys, parseOriginalKey, photoDerivedObjects } from './storage-layout';

describe('object keys', () => {
  it('parses the original key it writes', () => {
    expect(parseOriginalKey(objectKeys.original('g_2', 'p-3'))).toEqual({ galleryId: 'g_2', photoId: 'p-3' });
  });

  it('names only the gallery and the photo', () => {
    for (const key of [
      objectKeys.original('g_2', 'p-3'),
      objectKeys.thumbnail('g_2', 'p-3'),
      objectKeys.optimized('g_2', 'p-3'),
    ])
      expect(key.split('/').slice(1)).toEqual(['g_2', expect.stringMatching(/^p-3(\.jpg)?$/)]);
  });

  it('refuses derived copies, keys of the earlier layout (seller first) and keys of another shape', () => {
    expect(parseOriginalKey(objectKeys.thumbnail('g_2', 'p-3'))).toBeNull();
    expect(parseOriginalKey(objectKeys.optimized('g_2', 'p-3'))).toBeNull();
    expect(parseOriginalKey('u-1/g_2/p-3')).toBeNull();
    expect(parseOriginalKey('photos/g_2')).toBeNull();
    expect(parseOriginalKey('photos/g_2/p-3/x')).toBeNull();
    expect(parseOriginalKey('photos/../p-3')).toBeNull();
    expect(parseOriginalKey('photos/g_2/p%2F3')).toBeNull();
  });

  it('lists every derived copy, JPEG and WebP (previews live in their gallery’s folder, not by photo)', () => {
    expect(photoDerivedObjects('g_2', 'p-3').sort()).toEqual(derivedKeys('g_2', 'p-3').sort());
    expect(derivedKeys('g_2', 'p-3').sort()).toEqual([
      'optimized/g_2/p-3.jpg',
      'optimized/g_2/p-3.webp',
      'thumbnails/g_2/p-3.grid.webp',
      'thumbnails/g_2/p-3.jpg',
      'thumbnails/g_2/p-3.webp',
    ]);
    expect(parseOriginalKey(objectKeys.thumbnailWebp('g_2', 'p-3'))).toBeNull();
  });

  it('reads the URL-encoded key of an S3 event', () => {
    expect(parseOriginalKey('photos%2Fg_2%2Fp-3')).toEqual({ galleryId: 'g_2', photoId: 'p-3' });
  });
});
