import { describe, expect, it } from 'vitest';
import { accessBasis, accessSecret, closingOf, previewStamp } from './preview-access';
import type { PublicGalleryRecord } from './public-gallery-store';

const record: PublicGalleryRecord = {
  publicId: 'pub1234567890',
  userId: 'seller-1',
  galleryId: 'gallery-1',
  published: true,
  settings: {
    title: 'Fun run',
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'PROOF', position: 'center', opacity: 1 },
  },
  watermarkVersion: 'aaaaaaaaaaaaaaaa',
  faceSearch: { enabled: false },
  facesVersion: 0,
  facesDeletedVersion: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const secretOf = (change: Partial<PublicGalleryRecord>) =>
  accessSecret('key', accessBasis({ ...record, ...change }));

describe('preview access', () => {
  it('is 128 bits, the same for the same gallery state and key', () => {
    expect(secretOf({})).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(secretOf({})).toBe(
      secretOf({ updatedAt: '2026-02-02T00:00:00.000Z', faceSearch: { enabled: true } }),
    );
    expect(accessSecret('another key', accessBasis(record))).not.toBe(secretOf({}));
  });

  it('changes with whatever decides who may see the previews', () => {
    const changes: Partial<PublicGalleryRecord>[] = [
      { published: false },
      { pinHash: 'scrypt$salt$hash' },
      { settings: { ...record.settings, endDate: '2026-12-31' } },
      { watermarkVersion: 'bbbbbbbbbbbbbbbb' },
      { publicId: 'pub0987654321' },
    ];
    const secrets = changes.map(secretOf);
    expect(new Set([secretOf({}), ...secrets]).size).toBe(changes.length + 1);
  });

  it('stamps a logo watermark with its logo, so a new logo is a new folder', () => {
    const logo = {
      ...record,
      settings: {
        ...record.settings,
        watermark: { kind: 'logo' as const, position: 'center' as const, opacity: 1 },
      },
    };
    expect(previewStamp({ ...logo, watermarkLogoId: 'logo-a' })).not.toBe(
      previewStamp({ ...logo, watermarkLogoId: 'logo-b' }),
    );
    expect(secretOf({ ...logo, watermarkLogoId: 'logo-a' })).not.toBe(
      secretOf({ ...logo, watermarkLogoId: 'logo-b' }),
    );
  });

  it('names the closing as the first second after the end date in UTC, or open', () => {
    expect(closingOf(undefined)).toBe('open');
    expect(closingOf('2026-12-31')).toBe(String(Date.parse('2027-01-01T00:00:00Z') / 1000));
  });
});
