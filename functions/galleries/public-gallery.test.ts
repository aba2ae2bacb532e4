/**
 * Unit test of the seller's public gallery service with the repositories replaced: what the sales
 * figures read (the counters) and how they add up, and that switching the face search on only starts its lanes. (Against the stand-ins: test/integration/public-galleries.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addFigures, emptyFigures, type SalesFigures } from '#shared/rules/sales-figures';
import { startFaceLanes } from '../lib/face-lanes';
import { countGalleryFacePhotos } from '../lib/repositories/faces';
import { claimPublicId, getGallery, type GalleryRecord } from '../lib/repositories/galleries';
import type * as SalesCounters from '../lib/repositories/sales-counters';
import { readCounterMonths } from '../lib/repositories/sales-counters';
import { previewsAfterChange } from '../lib/preview-changes';
import { getPublicGallery, savePublicGallery } from '../lib/repositories/public-galleries';
import { testPublicGalleryRecord } from '../lib/testing/public-gallery-record';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { getPublicSettings, publishGallery } from './public-gallery';

vi.mock('../lib/repositories/faces', () => ({
  countGalleryFacePhotos: vi.fn(),
  restampGalleryFaces: vi.fn(),
}));
vi.mock('../lib/repositories/galleries', () => ({ getGallery: vi.fn(), claimPublicId: vi.fn() }));
vi.mock('../lib/repositories/sales-counters', async (importOriginal) => ({
  ...(await importOriginal<typeof SalesCounters>()),
  readCounterMonths: vi.fn(),
}));
vi.mock('../lib/repositories/photos', () => ({ getPhoto: vi.fn(), listGalleryPhotos: vi.fn() }));
vi.mock('../lib/repositories/public-galleries', () => ({
  getPublicGallery: vi.fn(),
  savePublicGallery: vi.fn(),
}));
vi.mock('../lib/repositories/users', () => ({ getUser: vi.fn() }));
vi.mock('../lib/face-data', () => ({ deleteGalleryFaceData: vi.fn() }));
vi.mock('../lib/face-lanes', () => ({ startFaceLanes: vi.fn() }));
vi.mock('../lib/preview-changes', () => ({ previewsAfterChange: vi.fn() }));

setUnitTestEnv({ APP_URL: 'https://shutterlane.example' });

const gallery: GalleryRecord = {
  userId: 'seller-1',
  galleryId: 'gallery-1',
  albumName: 'Fun run',
  createdAt: '2026-05-01T08:00:00.000Z',
  photoCount: 4,
  publicId: 'public-1',
};
const record = testPublicGalleryRecord();

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getGallery).mockResolvedValue(gallery);
  vi.mocked(getPublicGallery).mockResolvedValue(record);
  vi.mocked(countGalleryFacePhotos).mockResolvedValue(0);
});

describe('the sales of a public gallery', () => {
  const month = (month: string, currency: string, counts: Partial<SalesFigures>) => ({
    month,
    currency,
    figures: addFigures(emptyFigures(), counts),
  });

  it('reads its counters, never its orders: one query of the public gallery’s months', async () => {
    vi.mocked(readCounterMonths).mockResolvedValue([]);
    const admin = await getPublicSettings('seller-1', 'gallery-1');
    expect(readCounterMonths).toHaveBeenCalledExactlyOnceWith('public#public-1');
    expect(admin.sales).toEqual({ orders: 0, paidOrders: 0, revenue: 0, currency: 'GBP' });
  });

  it('adds up the months: every order, the paid ones, and what customers paid and kept paid', async () => {
    vi.mocked(readCounterMonths).mockResolvedValue([
      month('2026-05', 'GBP', { ordersPlaced: 2, ordersPaid: 1, grossMinor: 800 }),
      month('2026-06', 'GBP', { ordersPlaced: 1, ordersPaid: 1, grossMinor: 500, refundedMinor: 200 }),
      month('2026-06', 'GBP', { disputedMinor: 300, disputeLostMinor: 300 }),
    ]);
    const admin = await getPublicSettings('seller-1', 'gallery-1');
    expect(admin.sales).toEqual({ orders: 3, paidOrders: 2, revenue: 8, currency: 'GBP' });
  });

  it('keeps sales in another currency (the gallery was priced in it before) apart', async () => {
    vi.mocked(readCounterMonths).mockResolvedValue([
      month('2026-05', 'EUR', { ordersPlaced: 1, ordersPaid: 1, grossMinor: 1000 }),
      month('2026-06', 'GBP', { ordersPlaced: 1, ordersPaid: 1, grossMinor: 500 }),
    ]);
    const admin = await getPublicSettings('seller-1', 'gallery-1');
    expect(admin.sales).toEqual({
      orders: 2,
      paidOrders: 2,
      revenue: 5,
      currency: 'GBP',
      otherCurrencies: [{ currency: 'EUR', revenue: 10 }],
    });
  });
});

describe('switching the face search on', () => {
  it('saves the switch, then only starts the lanes (the resize walks them, not this request)', async () => {
    vi.mocked(claimPublicId).mockResolvedValue('public-1');
    vi.mocked(savePublicGallery).mockImplementation(async (saved) => ({
      ...saved,
      facesVersion: 0,
      facesDeletedVersion: 0,
    }));
    vi.mocked(readCounterMonths).mockResolvedValue([]);
    vi.mocked(startFaceLanes).mockResolvedValue({ photos: 3000, lanes: 4 });
    const now = new Date('2026-06-02T10:00:00.000Z');
    const admin = await publishGallery(
      'seller-1',
      'gallery-1',
      {
        published: true,
        settings: { ...record.settings, pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] } },
        faceSearch: { enabled: true, basis: "The event's terms tell runners about face search" },
      },
      now,
    );
    expect(admin.faceSearch.enabled).toBe(true);
    expect(startFaceLanes).toHaveBeenCalledExactlyOnceWith('gallery-1', now);
    const [saved] = vi.mocked(savePublicGallery).mock.invocationCallOrder;
    const [started] = vi.mocked(startFaceLanes).mock.invocationCallOrder;
    expect(saved).toBeLessThan(started!);
    // The previews follow the saved record (a new folder when the access changed), after it is saved.
    expect(previewsAfterChange).toHaveBeenCalledExactlyOnceWith(
      record,
      expect.objectContaining({ publicId: 'public-1', published: true }),
      now,
    );
  });
});
