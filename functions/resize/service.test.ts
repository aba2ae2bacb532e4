/**
 * Unit test of the resize's announcement of a READY photo, with S3, the image work and the repositories
 * replaced: each repository call is counted. A photo of a gallery that is not public costs no read
 * beyond the writes the resize makes anyway; only a public gallery's photo reads its public record, once,
 * and only a searching one is announced to the faces queue. The resize never describes faces itself.
 * (Against the stand-ins, with real faces: test/integration/face-jobs.test.ts.)
 */
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendFaceJob } from '../domains/faces/face-jobs';
import { getGallery, type GalleryRecord } from '../domains/galleries/gallery-store';
import { markPhotoReady, markThumbnailStored } from '../domains/galleries/photo-store';
import type * as PublicGalleries from '../domains/public-galleries/public-gallery-store';
import { getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { readObjectStream, writeObject } from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { startDerivation, type Derivation } from './derive';
import { processOriginal } from './service';

vi.mock('../lib/s3', () => ({ readObjectStream: vi.fn(), writeObject: vi.fn(), deleteObject: vi.fn() }));
vi.mock('./derive', () => ({ receiveOriginal: vi.fn(), startDerivation: vi.fn() }));
vi.mock('../domains/faces/face-jobs', () => ({ sendFaceJob: vi.fn() }));
vi.mock('../domains/galleries/photo-store', () => ({
  markPhotoProcessing: vi.fn(),
  markThumbnailStored: vi.fn(),
  markPhotoReady: vi.fn(),
  markPhotoFailed: vi.fn(),
  giveShownPlace: vi.fn(),
}));
vi.mock('../domains/public-galleries/preview-jobs', () => ({ queuePhotoPreviews: vi.fn() }));
vi.mock('../domains/galleries/gallery-store', () => ({ getGallery: vi.fn() }));
vi.mock('../domains/public-galleries/public-gallery-store', async (importOriginal) => ({
  ...(await importOriginal<typeof PublicGalleries>()),
  getPublicGallery: vi.fn(),
}));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const galleryId = 'gallery-1';
const photoId = 'photo-1';
const key = objectKeys.original(galleryId, photoId);
const gallery: GalleryRecord = {
  userId: 'seller-1',
  galleryId,
  albumName: 'Fun run',
  createdAt: '2026-06-01T08:00:00.000Z',
  photoCount: 1,
};
const publicRecord = (enabled: boolean) =>
  testPublicGalleryRecord({ galleryId, faceSearch: { enabled }, facesVersion: 1 });
const derivation: Derivation = {
  size: { width: 10, height: 10 },
  thumbnails: async () => ({ thumbnail: Buffer.from('jpeg'), thumbnailWebp: Buffer.from('webp') }),
  laterCopies: async () => ({
    optimized: Buffer.from('2048 px copy'),
    optimizedWebp: Buffer.from('2048 px webp'),
    gridWebp: Buffer.from('grid webp'),
  }),
};

/** Every read the announcement could cost, counted. */
const reads = () => ({
  gallery: vi.mocked(getGallery).mock.calls.length,
  publicGallery: vi.mocked(getPublicGallery).mock.calls.length,
});

beforeEach(async () => {
  vi.resetAllMocks();
  vi.mocked(readObjectStream).mockResolvedValue({
    body: Readable.from([Buffer.from('original')]),
    metadata: {},
  });
  vi.mocked(startDerivation).mockResolvedValue(derivation);
});

describe('the order of a resize', () => {
  it('stores the thumbnail and records it first, then the other copies, READY last', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue(gallery);
    const now = new Date('2026-06-02T10:00:00.000Z');
    await processOriginal(key, now);
    const writes = vi.mocked(writeObject).mock.calls.map(([, written]) => written);
    expect(writes.slice(0, 2).sort()).toEqual([
      objectKeys.thumbnail(galleryId, photoId),
      objectKeys.thumbnailWebp(galleryId, photoId),
    ]);
    expect(writes.slice(2).sort()).toEqual(
      [
        objectKeys.gridWebp(galleryId, photoId),
        objectKeys.optimized(galleryId, photoId),
        objectKeys.optimizedWebp(galleryId, photoId),
      ].sort(),
    );
    expect(markThumbnailStored).toHaveBeenCalledWith(galleryId, photoId, now);
    const [thumbnailMarked] = vi.mocked(markThumbnailStored).mock.invocationCallOrder;
    const laterWrites = vi.mocked(writeObject).mock.invocationCallOrder.slice(2);
    expect(Math.min(...laterWrites)).toBeGreaterThan(thumbnailMarked!);
    const [ready] = vi.mocked(markPhotoReady).mock.invocationCallOrder;
    expect(ready).toBeGreaterThan(Math.max(...laterWrites));
  });
});

describe('the resize of a photo whose gallery is not public', () => {
  it('reads only the gallery, by the owner its READY mark gave, when the photo is new', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue(gallery);
    expect(await processOriginal(key)).toBe('ready');
    expect(reads()).toEqual({ gallery: 1, publicGallery: 0 });
    expect(getGallery).toHaveBeenCalledWith('seller-1', galleryId);
    expect(sendFaceJob).not.toHaveBeenCalled();
  });

  it('reads only the gallery, by the owner its READY mark gave, when the photo is processed again', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'again', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue(gallery);
    expect(await processOriginal(key)).toBe('again');
    expect(reads()).toEqual({ gallery: 1, publicGallery: 0 });
    expect(getGallery).toHaveBeenCalledWith('seller-1', galleryId);
  });

  it('reads no public record when the gallery went while the photo was processed', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue(undefined);
    expect(await processOriginal(key)).toBe('ready');
    expect(reads()).toEqual({ gallery: 1, publicGallery: 0 });
  });
});

describe('the resize of a photo whose gallery is public', () => {
  beforeEach(() => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue({ ...gallery, publicId: 'public-1' });
  });

  it('reads the public record once, and announces nothing, when the face search is off', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(false));
    await processOriginal(key);
    expect(reads()).toEqual({ gallery: 1, publicGallery: 1 });
    expect(sendFaceJob).not.toHaveBeenCalled();
  });

  it('announces the READY photo to the faces queue when the search is on, after marking it READY', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    expect(await processOriginal(key)).toBe('ready');
    expect(reads()).toEqual({ gallery: 1, publicGallery: 1 });
    expect(sendFaceJob).toHaveBeenCalledExactlyOnceWith({
      kind: 'describe',
      galleryId,
      publicId: 'public-1',
      photoIds: [photoId],
    });
    const [ready] = vi.mocked(markPhotoReady).mock.invocationCallOrder;
    const [sent] = vi.mocked(sendFaceJob).mock.invocationCallOrder;
    expect(ready).toBeLessThan(sent!);
  });

  it('announces a photo processed again too (the faces function skips one it described)', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'again', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue({ ...gallery, publicId: 'public-1' });
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    expect(await processOriginal(key)).toBe('again');
    expect(sendFaceJob).toHaveBeenCalledTimes(1);
  });

  it('follows no public record of another gallery', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue({ ...publicRecord(true), galleryId: 'gallery-2' });
    await processOriginal(key);
    expect(sendFaceJob).not.toHaveBeenCalled();
  });

  it('fails when the announcement cannot be sent, so Lambda runs the event again', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    vi.mocked(sendFaceJob).mockRejectedValue(new Error('SQS is down'));
    await expect(processOriginal(key)).rejects.toThrow('SQS is down');
  });

  it('announces nothing for an original with no photo record', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'missing' });
    expect(await processOriginal(key)).toBe('skipped');
    expect(reads()).toEqual({ gallery: 0, publicGallery: 0 });
    expect(sendFaceJob).not.toHaveBeenCalled();
  });
});
