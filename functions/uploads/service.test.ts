/**
 * Unit test of a photo's deletion with the repositories and S3 replaced: the gallery is read once (the
 * owner check), and its public id from that read tells whether the face data version moves; the faces
 * of the photo go either way. The deletion is started (no order can hold the photo from then on) before
 * the unpaid picks naming it are ended, and those before the photo goes. (Deletion against the
 * stand-ins: test/integration/uploads.test.ts and unpaid-picks.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePhotoFaces } from '../domains/faces/face-store';
import { getGallery, type GalleryRecord } from '../domains/galleries/gallery-store';
import { endUnpaidPicksOf } from '../domains/orders/end-unpaid-order';
import { deletePhotoPreviews } from '../domains/public-galleries/preview-changes';
import { deleteUnheldPhoto, startPhotoDeletion, type PhotoRecord } from '../domains/galleries/photo-store';
import { bumpFacesVersion, getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { deletePhoto } from './service';

vi.mock('../lib/s3', () => ({ deleteObjects: vi.fn() }));
vi.mock('../domains/faces/face-store', () => ({ deletePhotoFaces: vi.fn() }));
vi.mock('../domains/galleries/gallery-store', () => ({ getGallery: vi.fn(), addToPhotoCount: vi.fn() }));
vi.mock('../domains/galleries/photo-store', () => ({
  deleteUnheldPhoto: vi.fn(),
  startPhotoDeletion: vi.fn(),
}));
vi.mock('../domains/orders/end-unpaid-order', () => ({ endUnpaidPicksOf: vi.fn() }));
vi.mock('../domains/public-galleries/public-gallery-store', () => ({
  bumpFacesVersion: vi.fn(),
  getPublicGallery: vi.fn(),
}));
vi.mock('../domains/public-galleries/preview-changes', () => ({ deletePhotoPreviews: vi.fn() }));
vi.mock('../domains/sellers/dashboard-counter-store', () => ({ addToUserCounter: vi.fn() }));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const gallery: GalleryRecord = {
  userId: 'seller-1',
  galleryId: 'gallery-1',
  albumName: 'Fun run',
  createdAt: '2026-06-01T08:00:00.000Z',
  photoCount: 3,
};
const photo: PhotoRecord = {
  galleryId: 'gallery-1',
  photoId: 'photo-1',
  userId: 'seller-1',
  status: 'READY',
  quality: 'original',
  createdAt: '2026-06-01T08:01:00.000Z',
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(deleteUnheldPhoto).mockResolvedValue({ deleted: photo });
  vi.mocked(startPhotoDeletion).mockResolvedValue({ started: true });
  vi.mocked(endUnpaidPicksOf).mockResolvedValue([]);
});

describe('deletePhoto', () => {
  it("moves a public gallery's face data version with the public id of the gallery it already read", async () => {
    vi.mocked(getGallery).mockResolvedValue({ ...gallery, publicId: 'public-1' });
    const record = testPublicGalleryRecord();
    vi.mocked(getPublicGallery).mockResolvedValue(record);
    await deletePhoto('seller-1', 'gallery-1', 'photo-1');
    expect(getGallery).toHaveBeenCalledTimes(1);
    expect(deletePhotoFaces).toHaveBeenCalledWith('gallery-1', 'photo-1');
    expect(bumpFacesVersion).toHaveBeenCalledWith('public-1', true);
    // Its watermarked previews go with it, from the public gallery's current folder.
    expect(deletePhotoPreviews).toHaveBeenCalledWith(record, ['photo-1']);
  });

  it('moves no version for a gallery that was never public, and reads it no more', async () => {
    vi.mocked(getGallery).mockResolvedValue(gallery);
    await deletePhoto('seller-1', 'gallery-1', 'photo-1');
    expect(getGallery).toHaveBeenCalledTimes(1);
    expect(deletePhotoFaces).toHaveBeenCalledWith('gallery-1', 'photo-1');
    expect(bumpFacesVersion).not.toHaveBeenCalled();
    expect(getPublicGallery).not.toHaveBeenCalled();
    expect(deletePhotoPreviews).not.toHaveBeenCalled();
  });

  it('starts the deletion, then ends the unpaid picks naming the photo, then deletes it', async () => {
    vi.mocked(getGallery).mockResolvedValue(gallery);
    const now = new Date('2026-06-02T10:00:00.000Z');
    await deletePhoto('seller-1', 'gallery-1', 'photo-1', now);
    expect(startPhotoDeletion).toHaveBeenCalledWith('gallery-1', 'photo-1', now);
    expect(endUnpaidPicksOf).toHaveBeenCalledWith('seller-1', 'gallery-1', 'photo-1', now);
    const [started] = vi.mocked(startPhotoDeletion).mock.invocationCallOrder;
    const [ended] = vi.mocked(endUnpaidPicksOf).mock.invocationCallOrder;
    const [deleted] = vi.mocked(deleteUnheldPhoto).mock.invocationCallOrder;
    expect(started! < ended! && ended! < deleted!).toBe(true);
  });

  it('ends no order and deletes nothing when an order holds the photo', async () => {
    vi.mocked(getGallery).mockResolvedValue(gallery);
    vi.mocked(startPhotoDeletion).mockResolvedValue({ refused: 'held' });
    await expect(deletePhoto('seller-1', 'gallery-1', 'photo-1')).rejects.toMatchObject({ statusCode: 409 });
    expect(endUnpaidPicksOf).not.toHaveBeenCalled();
    expect(deleteUnheldPhoto).not.toHaveBeenCalled();
  });
});
