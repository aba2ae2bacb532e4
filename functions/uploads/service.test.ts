/**
 * Unit test of a photo's deletion with the repositories and S3 replaced: the gallery is read once (the
 * owner check), and its public id from that read tells whether the face data version moves; the faces
 * of the photo go either way. (Deletion against the stand-ins: test/integration/uploads.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePhotoFaces } from '../lib/repositories/faces';
import { getGallery, type GalleryRecord } from '../lib/repositories/galleries';
import { deleteUnheldPhoto, type PhotoRecord } from '../lib/repositories/photos';
import { deletePhotoPreviews } from '../lib/preview-changes';
import { bumpFacesVersion, getPublicGallery } from '../lib/repositories/public-galleries';
import { testPublicGalleryRecord } from '../lib/testing/public-gallery-record';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { deletePhoto } from './service';

vi.mock('../lib/s3', () => ({ deleteObjects: vi.fn() }));
vi.mock('../lib/repositories/faces', () => ({ deletePhotoFaces: vi.fn() }));
vi.mock('../lib/repositories/galleries', () => ({ getGallery: vi.fn(), addToPhotoCount: vi.fn() }));
vi.mock('../lib/repositories/photos', () => ({ deleteUnheldPhoto: vi.fn() }));
vi.mock('../lib/repositories/public-galleries', () => ({
  bumpFacesVersion: vi.fn(),
  getPublicGallery: vi.fn(),
}));
vi.mock('../lib/preview-changes', () => ({ deletePhotoPreviews: vi.fn() }));
vi.mock('../lib/repositories/users', () => ({ addToUserCounter: vi.fn() }));

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
});
