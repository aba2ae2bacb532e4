/** A published public gallery's record for unit tests: 'public-1' of 'seller-1', text watermark, £5 a photo. */
import type { PublicGalleryRecord } from './public-gallery-store';

export const testPublicGalleryRecord = (
  overrides: Partial<PublicGalleryRecord> = {},
): PublicGalleryRecord => ({
  publicId: 'public-1',
  userId: 'seller-1',
  galleryId: 'gallery-1',
  published: true,
  settings: {
    title: 'Fun run',
    pricing: { currency: 'GBP', perPhotoMinor: 500, bundles: [] },
    watermark: { kind: 'text', text: 'Harbour Photos', position: 'tiled', opacity: 0.6 },
  },
  watermarkVersion: 'w1',
  faceSearch: { enabled: false },
  facesVersion: 0,
  facesDeletedVersion: 0,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  ...overrides,
});
