/**
 * The order of a hold's writes, with plain fakes for the two repositories' writes; and what fulfilment
 * holds for a customer's pick (nothing held before) and a seller's order (held since its creation).
 */
import { describe, expect, it } from 'vitest';
import { holdForFulfilment, holdOrderPhotos, SETTLING_HOLD_MS } from './order-holds';

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

describe('holdForFulfilment', () => {
  const now = new Date('2026-04-01T10:00:00.000Z');
  const settling = new Date(now.getTime() + SETTLING_HOLD_MS).toISOString();
  const downloads = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString();
  const pick = { ...order, publicId: 'pub-1' };

  it('holds a pick briefly first, then for its download period', async () => {
    const fake = writes();
    expect(await holdForFulfilment(pick, now, fake)).toBe('held');
    expect(fake.asked).toEqual([
      `gallery seller/g1 ${settling}`,
      `photo g1/p1 ${settling}`,
      `photo g1/p2 ${settling}`,
      `photo g1/p3 ${settling}`,
      `gallery seller/g1 ${downloads}`,
      `photo g1/p1 ${downloads}`,
      `photo g1/p2 ${downloads}`,
      `photo g1/p3 ${downloads}`,
    ]);
  });

  it('holds nothing for a month when a photo of the pick is gone: only the brief holds before it, which lapse', async () => {
    const fake = writes(['p3']);
    expect(await holdForFulfilment(pick, now, fake)).toBe('missing');
    expect(fake.asked.some((asked) => asked.endsWith(downloads))).toBe(false);
  });

  it('extends a seller order’s holds for its download period straight away, and fulfils it as before', async () => {
    const fake = writes();
    expect(await holdForFulfilment(order, now, fake)).toBe('held');
    expect(fake.asked).toHaveLength(4);
    expect(fake.asked.every((asked) => asked.endsWith(downloads))).toBe(true);
    expect(await holdForFulfilment(order, now, writes(['p2']))).toBe('held');
  });
});
