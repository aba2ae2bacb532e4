import { describe, expect, it } from 'vitest';
import { objectKeys } from '#shared/platform/storage-layout';
import { legacyObject } from './legacy-keys';

const seller = '3f2a9c1e-7b4d-4e8f-9a01-2b3c4d5e6f70';

describe('keys of the earlier layout', () => {
  it('moves an original from seller/gallery/photo to the current key', () => {
    expect(legacyObject('originals', `${seller}/g_2/p-3`)).toEqual({
      bucket: 'originals',
      key: `${seller}/g_2/p-3`,
      newKey: objectKeys.original('g_2', 'p-3'),
      sellerId: seller,
      galleryId: 'g_2',
      photoId: 'p-3',
    });
  });

  it('moves thumbnails and optimized copies within their prefix', () => {
    expect(legacyObject('derived', `thumbnails/${seller}/g_2/p-3.jpg`)?.newKey).toBe(
      objectKeys.thumbnail('g_2', 'p-3'),
    );
    expect(legacyObject('derived', `optimized/${seller}/g_2/p-3.jpg`)).toMatchObject({
      newKey: objectKeys.optimized('g_2', 'p-3'),
      sellerId: seller,
      photoId: 'p-3',
    });
  });

  it('leaves keys of the current layout alone, so a second run finds nothing', () => {
    expect(legacyObject('originals', objectKeys.original('g_2', 'p-3'))).toBeNull();
    expect(legacyObject('derived', objectKeys.thumbnail('g_2', 'p-3'))).toBeNull();
    expect(legacyObject('derived', objectKeys.optimized('g_2', 'p-3'))).toBeNull();
  });

  it('ignores keys of any other shape', () => {
    expect(legacyObject('originals', 'stray.jpg')).toBeNull();
    expect(legacyObject('originals', `${seller}/g_2/p.3`)).toBeNull();
    expect(legacyObject('originals', `thumbnails/${seller}/g_2/p-3.jpg`)).toBeNull();
    expect(legacyObject('derived', `${seller}/g_2/p-3`)).toBeNull();
    expect(legacyObject('derived', `other/${seller}/g_2/p-3.jpg`)).toBeNull();
    expect(legacyObject('derived', `constructor/${seller}/g_2/p-3.jpg`)).toBeNull();
    expect(legacyObject('derived', `thumbnails/${seller}/g_2/p-3.png`)).toBeNull();
    expect(legacyObject('derived', `thumbnails/${seller}/../p-3.jpg`)).toBeNull();
  });
});
