import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { PublicGallerySettings } from './public-gallery';

const valid = {
  title: 'Harbour regatta',
  eventDate: '2026-08-14',
  pricing: {
    currency: 'GBP',
    perPhotoMinor: 500,
    bundles: [{ photos: 5, priceMinor: 2000 }],
    allPhotosMinor: 6000,
  },
  watermark: { kind: 'text', text: 'Shutterlane', position: 'center', opacity: 0.4 },
};

describe('PublicGallerySettings', () => {
  it('takes a priced gallery with a bundle, an all-photos price and a text watermark', () => {
    expect(PublicGallerySettings.parse(valid)).toMatchObject({ title: 'Harbour regatta' });
  });

  it('takes a PIN of 6 to 8 digits', () => {
    for (const pin of ['482613', '48261357'])
      expect(PublicGallerySettings.parse({ ...valid, pin }).pin).toBe(pin);
  });

  it.each([
    ['a price in fractions of a minor unit', { pricing: { ...valid.pricing, perPhotoMinor: 4.5 } }],
    ['a bundle of one photo', { pricing: { ...valid.pricing, bundles: [{ photos: 1, priceMinor: 100 }] } }],
    [
      'six bundles',
      { pricing: { ...valid.pricing, bundles: Array(6).fill({ photos: 2, priceMinor: 900 }) } },
    ],
    ['a PIN with letters', { pin: '12ab' }],
    ['a PIN of three digits', { pin: '123' }],
    ['a new PIN of four or five digits (once allowed)', { pin: '48261' }],
    ['a PIN of nine digits', { pin: '482613579' }],
    ['an opacity of zero (an invisible watermark)', { watermark: { ...valid.watermark, opacity: 0 } }],
    ['an empty watermark text', { watermark: { ...valid.watermark, text: '  ' } }],
    ['a date in another format', { eventDate: '14/08/2026' }],
  ])('refuses %s', (_, change) => {
    expect(() => PublicGallerySettings.parse({ ...valid, ...change })).toThrow(z.core.$ZodError);
  });
});
