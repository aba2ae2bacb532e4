/**
 * Unit test of the seller's public gallery service with the repositories replaced: what the sales
 * figures read (the counters) and how they add up, the face search's progress, that switching the search
 * on only queues one walk message (after the switch is saved), whatever the gallery's size, and that the
 * previews follow each save. (Against the stand-ins: test/integration/public-galleries.test.ts and
 * face-jobs.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addFigures, emptyFigures, type SalesFigures } from '#shared/rules/sales-figures';
import { sendFaceJob } from '../domains/faces/face-jobs';
import { previewsAfterChange } from '../domains/public-galleries/preview-changes';
import { faceSearchProgress } from '../domains/faces/face-store';
import { claimPublicId, getGallery, type GalleryRecord } from '../domains/galleries/gallery-store';
import type * as SalesCounters from '../domains/orders/sales-counter-store';
import { readCounterMonths } from '../domains/orders/sales-counter-store';
import {
  getPublicGallery,
  markFaceWalkQueued,
  savePublicGallery,
} from '../domains/public-galleries/public-gallery-store';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { readGalleryActivity } from '../domains/activity/activity-store';
import { getPublicSettings, publishGallery } from './public-gallery';

vi.mock('../domains/faces/face-store', () => ({
  faceSearchProgress: vi.fn(),
  restampGalleryFaces: vi.fn(),
}));
vi.mock('../domains/galleries/gallery-store', () => ({ getGallery: vi.fn(), claimPublicId: vi.fn() }));
vi.mock('../domains/orders/sales-counter-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SalesCounters>()),
  readCounterMonths: vi.fn(),
}));
vi.mock('../domains/galleries/photo-store', () => ({ getPhoto: vi.fn(), listGalleryPhotos: vi.fn() }));
vi.mock('../domains/public-galleries/public-gallery-store', () => ({
  getPublicGallery: vi.fn(),
  savePublicGallery: vi.fn(),
  markFaceWalkQueued: vi.fn(),
}));
vi.mock('../domains/sellers/seller-store', () => ({ getUser: vi.fn() }));
vi.mock('../domains/faces/face-data', () => ({ deleteGalleryFaceData: vi.fn() }));
vi.mock('../domains/faces/face-jobs', () => ({ sendFaceJob: vi.fn() }));
vi.mock('../domains/public-galleries/preview-changes', () => ({ previewsAfterChange: vi.fn() }));
vi.mock('../domains/activity/activity-store', () => ({ readGalleryActivity: vi.fn() }));

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
  vi.mocked(faceSearchProgress).mockResolvedValue({ described: 0, failed: 0 });
  vi.mocked(readCounterMonths).mockResolvedValue([]);
  vi.mocked(readGalleryActivity).mockResolvedValue({
    opened: 0,
    photoViews: 0,
    selfieSearches: 0,
    singleDownloads: 0,
    zipDownloads: 0,
  });
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

  it('shows the funnel: openings, views and searches from its activity, picks and paid from its sales', async () => {
    vi.mocked(readCounterMonths).mockResolvedValue([
      month('2026-06', 'GBP', { ordersPlaced: 3, ordersPaid: 2, grossMinor: 900 }),
    ]);
    vi.mocked(readGalleryActivity).mockResolvedValue({
      opened: 40,
      photoViews: 310,
      selfieSearches: 12,
      singleDownloads: 0,
      zipDownloads: 0,
    });
    const admin = await getPublicSettings('seller-1', 'gallery-1');
    expect(readGalleryActivity).toHaveBeenCalledExactlyOnceWith('public-1');
    expect(admin.activity).toEqual({ opened: 40, photoViews: 310, selfieSearches: 12, picks: 3, paid: 2 });
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
  const now = new Date('2026-06-02T10:00:00.000Z');
  const body = (enabled: boolean) => ({
    published: true,
    settings: { ...record.settings, pricing: { currency: 'GBP' as const, perPhotoMinor: 0, bundles: [] } },
    faceSearch: enabled
      ? { enabled: true, basis: "The event's terms tell runners about face search" }
      : { enabled: false },
  });

  beforeEach(() => {
    vi.mocked(claimPublicId).mockResolvedValue('public-1');
    vi.mocked(savePublicGallery).mockImplementation(async (saved) => ({
      ...saved,
      facesVersion: 0,
      facesDeletedVersion: 0,
    }));
  });

  it('saves the switch, then queues one walk over the photos (the faces function goes on), and records it', async () => {
    const admin = await publishGallery('seller-1', 'gallery-1', body(true), now);
    expect(admin.faceSearch.enabled).toBe(true);
    expect(sendFaceJob).toHaveBeenCalledExactlyOnceWith({
      kind: 'walk',
      galleryId: 'gallery-1',
      publicId: 'public-1',
      startedAt: now.toISOString(),
    });
    expect(markFaceWalkQueued).toHaveBeenCalledExactlyOnceWith('public-1', now.toISOString());
    const [saved] = vi.mocked(savePublicGallery).mock.invocationCallOrder;
    const [sent] = vi.mocked(sendFaceJob).mock.invocationCallOrder;
    const [marked] = vi.mocked(markFaceWalkQueued).mock.invocationCallOrder;
    expect(saved).toBeLessThan(sent!);
    expect(sent).toBeLessThan(marked!);
    // The previews follow the saved record (a new folder when the access changed), after it is saved.
    expect(previewsAfterChange).toHaveBeenCalledExactlyOnceWith(
      record,
      expect.objectContaining({ publicId: 'public-1', published: true }),
      now,
    );
  });

  it('queues nothing on a save that leaves a queued search on', async () => {
    const enabledAt = '2026-06-01T09:00:00.000Z';
    vi.mocked(getPublicGallery).mockResolvedValue(
      testPublicGalleryRecord({
        faceSearch: { enabled: true, basis: 'Terms', enabledAt, walkQueuedFor: enabledAt },
      }),
    );
    await publishGallery('seller-1', 'gallery-1', body(true), now);
    expect(sendFaceJob).not.toHaveBeenCalled();
  });

  it("queues the walk on the next save when the switch-on's own send failed", async () => {
    vi.mocked(sendFaceJob).mockRejectedValueOnce(new Error('SQS is down'));
    await expect(publishGallery('seller-1', 'gallery-1', body(true), now)).rejects.toThrow('SQS is down');
    expect(markFaceWalkQueued).not.toHaveBeenCalled();
    const saved = vi.mocked(savePublicGallery).mock.calls[0]![0];
    vi.mocked(getPublicGallery).mockResolvedValue({ ...saved, facesVersion: 0, facesDeletedVersion: 0 });
    await publishGallery('seller-1', 'gallery-1', body(true), new Date('2026-06-02T10:05:00.000Z'));
    expect(vi.mocked(sendFaceJob).mock.calls[1]![0]).toMatchObject({ startedAt: now.toISOString() });
    expect(markFaceWalkQueued).toHaveBeenCalledWith('public-1', now.toISOString());
  });

  it('shows how many photos are described and how many could not be', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(
      testPublicGalleryRecord({
        faceSearch: { enabled: true, basis: 'Terms', enabledAt: now.toISOString() },
      }),
    );
    vi.mocked(faceSearchProgress).mockResolvedValue({ described: 1180, failed: 2 });
    const admin = await getPublicSettings('seller-1', 'gallery-1');
    expect(admin.faceSearch).toMatchObject({ photosIndexed: 1180, photosNotDescribed: 2 });
    expect(faceSearchProgress).toHaveBeenCalledWith('gallery-1');
  });
});
