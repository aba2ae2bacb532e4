import { describe, expect, it } from 'vitest';
import { PUBLIC_GALLERY_LIMITS } from './public-gallery-limits';
import { isFreeGallery, offersAllPhotos, priceSelection, type GalleryPricing } from './public-gallery-price';

const pricing: GalleryPricing = {
  perPhotoMinor: 500,
  bundles: [{ photos: 5, priceMinor: 2000 }],
  allPhotosMinor: 6000,
};

describe('priceSelection', () => {
  it('offers the all-photos price only while one order can hold every photo', () => {
    const limit = PUBLIC_GALLERY_LIMITS.orderPhotos;
    expect(priceSelection(pricing, 20, limit)).toMatchObject({ totalMinor: 6000, allPhotos: true });
    expect(priceSelection(pricing, 20, limit + 1)).toMatchObject({ totalMinor: 8000, allPhotos: false });
    expect(offersAllPhotos(pricing, limit + 1)).toBe(false);
    expect(offersAllPhotos({ ...pricing, allPhotosMinor: undefined }, 10)).toBe(false);
  });

  it('charges single photos below the bundle', () => {
    expect(priceSelection(pricing, 3, 40)).toEqual({
      totalMinor: 1500,
      allPhotos: false,
      bundlesUsed: [],
      singles: 3,
    });
  });

  it('uses a bundle where it is cheaper, even one covering more photos than picked', () => {
    // Four singles cost 2000, the same as the bundle: singles stay (a bundle only when cheaper).
    expect(priceSelection(pricing, 4, 40).totalMinor).toBe(2000);
    const seven = priceSelection(pricing, 7, 40);
    expect(seven).toMatchObject({ totalMinor: 3000, bundlesUsed: [{ photos: 5 }], singles: 2 });
    const nine = priceSelection({ ...pricing, perPhotoMinor: 600 }, 9, 40);
    expect(nine).toMatchObject({ totalMinor: 4000, bundlesUsed: [{ photos: 5 }, { photos: 5 }], singles: 0 });
  });

  it('combines bundles of different sizes the cheapest way', () => {
    const two: GalleryPricing = {
      perPhotoMinor: 1000,
      bundles: [
        { photos: 3, priceMinor: 2500 },
        { photos: 10, priceMinor: 7000 },
      ],
    };
    expect(priceSelection(two, 13, 100)).toMatchObject({
      totalMinor: 9500,
      bundlesUsed: [{ photos: 10 }, { photos: 3 }],
      singles: 0,
    });
    expect(priceSelection(two, 8, 100).totalMinor).toBe(7000);
  });

  it('offers every photo for the all-photos price once that is the cheapest', () => {
    expect(priceSelection(pricing, 15, 40)).toEqual({
      totalMinor: 6000,
      allPhotos: true,
      bundlesUsed: [],
      singles: 0,
    });
    expect(priceSelection(pricing, 14, 40)).toMatchObject({ totalMinor: 6000, allPhotos: true });
    expect(priceSelection(pricing, 10, 40)).toMatchObject({ totalMinor: 4000, allPhotos: false });
  });

  it('refuses a pick of none or more photos than the gallery holds', () => {
    expect(() => priceSelection(pricing, 0, 40)).toThrow(RangeError);
    expect(() => priceSelection(pricing, 41, 40)).toThrow(RangeError);
    expect(() => priceSelection(pricing, 1.5, 40)).toThrow(RangeError);
  });

  it('prices a free gallery at nothing', () => {
    const free: GalleryPricing = { perPhotoMinor: 0, bundles: [] };
    expect(isFreeGallery(free)).toBe(true);
    expect(isFreeGallery(pricing)).toBe(false);
    expect(priceSelection(free, 12, 20).totalMinor).toBe(0);
  });
});
