import { describe, expect, it } from 'vitest';
import type { PhotoRecord } from '../domains/galleries/photo-store';
import { deliveredSize } from './photo-urls';

const photo = (fields: Partial<PhotoRecord>): PhotoRecord => ({
  galleryId: 'g',
  photoId: 'p',
  userId: 'u',
  status: 'READY',
  quality: 'original',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the size customers get', () => {
  it("is the original's for original quality", () => {
    expect(deliveredSize(photo({ width: 6000, height: 4000 }))).toEqual({ width: 6000, height: 4000 });
  });

  it('fits 2048 px for optimized quality, never enlarged', () => {
    expect(deliveredSize(photo({ quality: 'optimized', width: 6000, height: 4000 }))).toEqual({
      width: 2048,
      height: 1365,
    });
    expect(deliveredSize(photo({ quality: 'optimized', width: 1200, height: 1800 }))).toEqual({
      width: 1200,
      height: 1800,
    });
  });

  it('is unknown before processing or without a record', () => {
    expect(deliveredSize(photo({}))).toBeUndefined();
    expect(deliveredSize(undefined)).toBeUndefined();
  });
});
