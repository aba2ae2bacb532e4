/**
 * Unit test of the resize's reads for face search, with S3, the image work, face-api and the
 * repositories replaced: each repository call is counted. A photo of a gallery that is not public costs
 * no read beyond the writes the resize makes anyway; only a public gallery's photo reads its public
 * record, and only a searching one is described. (Against the stand-ins, with real faces:
 * test/integration/public-galleries.test.ts.)
 */
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeFaces } from '../lib/face-descriptors';
import { logger } from '../lib/logger';
import { continueFaceLane } from '../lib/face-lanes';
import type * as FaceLanes from '../lib/face-lanes';
import { deletePhotoFaces, putPhotoFaces } from '../lib/repositories/faces';
import { addToPhotoCount, getGallery, type GalleryRecord } from '../lib/repositories/galleries';
import { getPhoto, markPhotoReady, type PhotoRecord } from '../lib/repositories/photos';
import { bumpFacesVersion, getPublicGallery } from '../lib/repositories/public-galleries';
import { readObjectStream } from '../lib/s3';
import { objectKeys } from '../lib/storage-layout';
import { testPublicGalleryRecord } from '../lib/testing/public-gallery-record';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import type { DerivedImages } from './derive';
import { processOriginal } from './service';

vi.mock('../lib/s3', () => ({ readObjectStream: vi.fn(), writeObject: vi.fn(), deleteObject: vi.fn() }));
vi.mock('./derive', () => ({ receiveOriginal: vi.fn(), deriveImages: vi.fn() }));
vi.mock('../lib/face-descriptors', () => ({ describeFaces: vi.fn() }));
vi.mock('../lib/face-lanes', async (importOriginal) => ({
  ...(await importOriginal<typeof FaceLanes>()),
  continueFaceLane: vi.fn(),
}));
vi.mock('../lib/repositories/photos', () => ({
  getPhoto: vi.fn(),
  markPhotoProcessing: vi.fn(),
  markPhotoReady: vi.fn(),
  markPhotoFailed: vi.fn(),
}));
vi.mock('../lib/repositories/galleries', () => ({ getGallery: vi.fn(), addToPhotoCount: vi.fn() }));
vi.mock('../lib/repositories/users', () => ({ addToUserCounter: vi.fn() }));
vi.mock('../lib/repositories/public-galleries', () => ({
  getPublicGallery: vi.fn(),
  bumpFacesVersion: vi.fn(),
}));
vi.mock('../lib/repositories/faces', () => ({ putPhotoFaces: vi.fn(), deletePhotoFaces: vi.fn() }));

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
const photo: PhotoRecord = {
  galleryId,
  photoId,
  userId: 'seller-1',
  status: 'READY',
  quality: 'original',
  createdAt: '2026-06-01T08:01:00.000Z',
};
const publicRecord = (enabled: boolean) =>
  testPublicGalleryRecord({ galleryId, faceSearch: { enabled }, facesVersion: 1 });
const derived = { optimized: Buffer.from('2048 px copy'), width: 10, height: 10 } as DerivedImages;

/** Every read the face search could cost, counted. */
const reads = () => ({
  photo: vi.mocked(getPhoto).mock.calls.length,
  gallery: vi.mocked(getGallery).mock.calls.length,
  publicGallery: vi.mocked(getPublicGallery).mock.calls.length,
});

beforeEach(async () => {
  vi.resetAllMocks();
  vi.mocked(readObjectStream).mockResolvedValue({
    body: Readable.from([Buffer.from('original')]),
    metadata: {},
  });
  const { deriveImages } = await import('./derive');
  vi.mocked(deriveImages).mockResolvedValue(derived);
  vi.mocked(describeFaces).mockResolvedValue([new Float32Array(128)]);
  vi.mocked(getPhoto).mockResolvedValue(photo);
});

describe('the resize of a photo whose gallery is not public', () => {
  it('reads nothing for faces when the photo is new: the count update gave back the gallery', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(addToPhotoCount).mockResolvedValue(gallery);
    expect(await processOriginal(key)).toBe('ready');
    expect(reads()).toEqual({ photo: 0, gallery: 0, publicGallery: 0 });
    expect(describeFaces).not.toHaveBeenCalled();
  });

  it('reads only the gallery, by the owner its READY mark gave, when the photo is processed again', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'again', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue(gallery);
    expect(await processOriginal(key)).toBe('again');
    expect(reads()).toEqual({ photo: 0, gallery: 1, publicGallery: 0 });
    expect(getGallery).toHaveBeenCalledWith('seller-1', galleryId);
  });

  it('reads nothing when the gallery went while the photo was processed', async () => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(addToPhotoCount).mockResolvedValue(undefined);
    expect(await processOriginal(key)).toBe('ready');
    expect(reads()).toEqual({ photo: 0, gallery: 0, publicGallery: 0 });
  });
});

describe('the resize of a photo whose gallery is public', () => {
  beforeEach(() => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'first', userId: 'seller-1' });
    vi.mocked(addToPhotoCount).mockResolvedValue({ ...gallery, publicId: 'public-1' });
  });

  it('reads the public record once, and describes nothing, when the face search is off', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(false));
    await processOriginal(key);
    expect(reads()).toEqual({ photo: 0, gallery: 0, publicGallery: 1 });
    expect(describeFaces).not.toHaveBeenCalled();
  });

  it('records the faces, checks the photo and the switch once more after writing, and moves the version', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    await processOriginal(key);
    expect(putPhotoFaces).toHaveBeenCalledWith(
      galleryId,
      { photoId, descriptors: [expect.any(Float32Array)] },
      128,
      undefined,
    );
    expect(reads()).toEqual({ photo: 1, gallery: 0, publicGallery: 2 });
    expect(bumpFacesVersion).toHaveBeenCalledWith('public-1', false);
    expect(deletePhotoFaces).not.toHaveBeenCalled();
  });

  it('removes what it wrote when the search was switched off meanwhile', async () => {
    vi.mocked(getPublicGallery)
      .mockResolvedValueOnce(publicRecord(true))
      .mockResolvedValueOnce(publicRecord(false));
    await processOriginal(key);
    expect(deletePhotoFaces).toHaveBeenCalledWith(galleryId, photoId);
    expect(bumpFacesVersion).not.toHaveBeenCalled();
  });

  it('removes what it wrote when the photo was deleted meanwhile', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    vi.mocked(getPhoto).mockResolvedValue(undefined);
    await processOriginal(key);
    expect(deletePhotoFaces).toHaveBeenCalledWith(galleryId, photoId);
    expect(bumpFacesVersion).not.toHaveBeenCalled();
  });
});

describe('the resize of a photo a face search lane sent', () => {
  const lane = { 'faces-requested-at': '2026-06-02T10:00:00.000Z', 'faces-through': 'photo-9' };
  const sentByLane = (metadata: Record<string, string> = lane) =>
    vi
      .mocked(readObjectStream)
      .mockResolvedValue({ body: Readable.from([Buffer.from('original')]), metadata });

  beforeEach(() => {
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'again', userId: 'seller-1' });
    vi.mocked(getGallery).mockResolvedValue({ ...gallery, publicId: 'public-1' });
  });

  it("sends the lane's next photo once its own faces are recorded", async () => {
    sentByLane();
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    await processOriginal(key);
    expect(continueFaceLane).toHaveBeenCalledWith(galleryId, photoId, {
      requestedAt: '2026-06-02T10:00:00.000Z',
      through: 'photo-9',
    });
    const [recorded] = vi.mocked(putPhotoFaces).mock.invocationCallOrder;
    const [continued] = vi.mocked(continueFaceLane).mock.invocationCallOrder;
    expect(recorded).toBeLessThan(continued!);
  });

  it('ends the lane when the search was switched off', async () => {
    sentByLane();
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(false));
    await processOriginal(key);
    expect(continueFaceLane).not.toHaveBeenCalled();
  });

  it('goes on when the faces could not be recorded: the next resize checks the switch again', async () => {
    sentByLane();
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    vi.mocked(describeFaces).mockRejectedValue(new Error('the WASM backend did not start'));
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    await processOriginal(key);
    expect(continueFaceLane).toHaveBeenCalledTimes(1);
  });

  it('goes on past a photo whose record is gone', async () => {
    sentByLane();
    vi.mocked(markPhotoReady).mockResolvedValue({ outcome: 'missing' });
    expect(await processOriginal(key)).toBe('skipped');
    expect(continueFaceLane).toHaveBeenCalledTimes(1);
  });

  it('continues no lane for an upload, or a copy with only part of a lane in its metadata', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(publicRecord(true));
    sentByLane({});
    await processOriginal(key);
    sentByLane({
      'faces-requested-at': '2026-06-02T10:00:00.000Z',
      'retried-at': '2026-06-03T10:00:00.000Z',
    });
    await processOriginal(key);
    expect(continueFaceLane).not.toHaveBeenCalled();
  });
});
