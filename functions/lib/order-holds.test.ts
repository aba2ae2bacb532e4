/** The order of a hold's writes, with plain fakes for the two repositories' writes. */
import { describe, expect, it } from 'vitest';
import { holdOrderPhotos } from './order-holds';

const until = new Date('2026-04-01T00:00:00.000Z');
const order = { sellerId: 'seller', galleryId: 'g1', photoIds: ['p1', 'p2', 'p3'] };

/** Writes that succeed except for the items named in `gone`, recording what was asked. */
function writes(gone: string[] = []) {
  const asked: string[] = [];
  return {
    asked,
    holdGallery: async (userId: string, galleryId: string, time: string) => {
      asked.push(`gallery ${userId}/${galleryId} ${time}`);
      return !gone.includes(galleryId);
    },
    holdPhoto: async (galleryId: string, photoId: string, time: string) => {
      asked.push(`photo ${galleryId}/${photoId} ${time}`);
      return !gone.includes(photoId);
    },
  };
}

describe('holdOrderPhotos', () => {
  it('holds the gallery, then each photo, until the given time', async () => {
    const fake = writes();
    expect(await holdOrderPhotos(order, until, fake)).toBe('held');
    const time = until.toISOString();
    expect(fake.asked).toEqual([
      `gallery seller/g1 ${time}`,
      `photo g1/p1 ${time}`,
      `photo g1/p2 ${time}`,
      `photo g1/p3 ${time}`,
    ]);
  });

  it('holds no photo of a gallery that is gone or being deleted', async () => {
    const fake = writes(['g1']);
    expect(await holdOrderPhotos(order, until, fake)).toBe('missing');
    expect(fake.asked).toHaveLength(1);
  });

  it('stops at the first photo that is gone', async () => {
    const fake = writes(['p2']);
    expect(await holdOrderPhotos(order, until, fake)).toBe('missing');
    expect(fake.asked.at(-1)).toBe(`photo g1/p2 ${until.toISOString()}`);
    expect(fake.asked).toHaveLength(3);
  });
});
