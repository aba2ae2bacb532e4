/**
 * Unit test of a describe job with S3, face-api and the repositories replaced: only READY photos not yet
 * described are read and described, one public record read before and one after; a photo whose faces
 * could not be described is marked, counted, logged, and fails the message (the others of the message
 * stay described); what was written for a photo deleted, or a search switched off, meanwhile is removed.
 * (Through the local stack: test/integration/face-jobs.test.ts and face-job-failures.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeFaces } from '../domains/faces/face-descriptors';
import type { DescribeFacesJob } from '../domains/faces/face-jobs';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import type * as Metrics from '../lib/metrics';
import {
  deletePhotoFaces,
  describedPhotoIds,
  markFacesNotDescribed,
  putPhotoFaces,
} from '../domains/faces/face-store';
import { getPhotos, type PhotoRecord } from '../domains/galleries/photo-store';
import { bumpFacesVersion, getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import type * as PublicGalleries from '../domains/public-galleries/public-gallery-store';
import { readObject } from '../lib/s3';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { describeJob, FacesNotDescribedError } from './describe';

vi.mock('../lib/s3', () => ({ readObject: vi.fn() }));
vi.mock('../domains/faces/face-descriptors', () => ({ describeFaces: vi.fn() }));
vi.mock('../lib/metrics', async (importOriginal) => ({
  ...(await importOriginal<typeof Metrics>()),
  countMetric: vi.fn(),
}));
vi.mock('../domains/faces/face-store', () => ({
  deletePhotoFaces: vi.fn(),
  describedPhotoIds: vi.fn(),
  markFacesNotDescribed: vi.fn(),
  putPhotoFaces: vi.fn(),
}));
vi.mock('../domains/galleries/photo-store', () => ({ getPhotos: vi.fn() }));
vi.mock('../domains/public-galleries/public-gallery-store', async (importOriginal) => ({
  ...(await importOriginal<typeof PublicGalleries>()),
  getPublicGallery: vi.fn(),
  bumpFacesVersion: vi.fn(),
}));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const job: DescribeFacesJob = {
  kind: 'describe',
  galleryId: 'gallery-1',
  publicId: 'public-1',
  photoIds: ['p1', 'p2', 'p3'],
};
const photo = (photoId: string, status: PhotoRecord['status'] = 'READY') =>
  ({ galleryId: 'gallery-1', photoId, status }) as PhotoRecord;
const searching = (enabled = true) =>
  testPublicGalleryRecord({
    faceSearch: { enabled, basis: 'Terms' },
    settings: { ...testPublicGalleryRecord().settings, endDate: '2026-07-01' },
  });
const face = new Float32Array(128).fill(0.1);

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getPublicGallery).mockResolvedValue(searching());
  vi.mocked(describedPhotoIds).mockResolvedValue(new Set());
  vi.mocked(getPhotos).mockResolvedValue([photo('p1'), photo('p2'), photo('p3')]);
  vi.mocked(readObject).mockImplementation(async (_bucket, key) => Buffer.from(`copy of ${key}`));
  vi.mocked(describeFaces).mockResolvedValue([face]);
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});

describe('a describe job', () => {
  it('describes each READY photo from its 2048 px copy, expiring with the gallery, and moves the version once', async () => {
    expect(await describeJob(job)).toEqual({ outcome: 'described', described: 3, skipped: 0 });
    expect(readObject).toHaveBeenCalledWith('derived', 'optimized/gallery-1/p1.jpg');
    expect(readObject).not.toHaveBeenCalledWith('originals', expect.anything());
    const closes = Date.parse('2026-07-02T00:00:00Z') / 1000;
    expect(putPhotoFaces).toHaveBeenCalledWith(
      'gallery-1',
      { photoId: 'p2', descriptors: [face] },
      128,
      closes,
    );
    expect(putPhotoFaces).toHaveBeenCalledTimes(3);
    expect(bumpFacesVersion).toHaveBeenCalledExactlyOnceWith('public-1', false);
    expect(getPublicGallery).toHaveBeenCalledTimes(2);
    expect(deletePhotoFaces).not.toHaveBeenCalled();
  });

  it('skips photos described before (a second delivery, or a photo both announced and walked)', async () => {
    vi.mocked(describedPhotoIds).mockResolvedValue(new Set(['p1', 'p3']));
    expect(await describeJob(job)).toEqual({ outcome: 'described', described: 1, skipped: 2 });
    expect(describeFaces).toHaveBeenCalledTimes(1);
  });

  it('reads nothing more for a gallery whose search is off (or another gallery), nor for photos all done', async () => {
    vi.mocked(getPublicGallery).mockResolvedValue(searching(false));
    expect(await describeJob(job)).toEqual({ outcome: 'search-off' });
    vi.mocked(getPublicGallery).mockResolvedValue({ ...searching(), galleryId: 'gallery-2' });
    expect(await describeJob(job)).toEqual({ outcome: 'search-off' });
    expect(getPhotos).not.toHaveBeenCalled();
    vi.mocked(getPublicGallery).mockResolvedValue(searching());
    vi.mocked(describedPhotoIds).mockResolvedValue(new Set(job.photoIds));
    expect(await describeJob(job)).toEqual({ outcome: 'described', described: 0, skipped: 3 });
    expect(bumpFacesVersion).not.toHaveBeenCalled();
  });

  it('marks, counts and logs a photo whose faces could not be described, keeps the others, and fails the message', async () => {
    vi.mocked(describeFaces).mockImplementation(async (image) => {
      if (String(image).includes('p2')) throw new Error('Input buffer contains unsupported image format');
      return [face];
    });
    const now = new Date('2026-06-02T10:00:00.000Z');
    const failing = describeJob(job, now);
    await expect(failing).rejects.toThrow(FacesNotDescribedError);
    await expect(failing).rejects.toMatchObject({ photoIds: ['p2'] });
    expect(putPhotoFaces).toHaveBeenCalledTimes(2);
    expect(markFacesNotDescribed).toHaveBeenCalledExactlyOnceWith('gallery-1', 'p2', expect.any(Number), now);
    expect(countMetric).toHaveBeenCalledExactlyOnceWith(METRIC.facesNotDescribed);
    expect(logger.error).toHaveBeenCalledWith(
      'faces: a photo could not be described',
      expect.objectContaining({ photoId: 'p2' }),
    );
    expect(bumpFacesVersion).toHaveBeenCalledTimes(1);
  });

  it('fails a photo whose copy is missing too, rather than leave it out unsaid', async () => {
    vi.mocked(readObject).mockResolvedValue(undefined);
    await expect(describeJob({ ...job, photoIds: ['p1'] })).rejects.toThrow(FacesNotDescribedError);
    expect(markFacesNotDescribed).toHaveBeenCalledTimes(1);
  });

  it('removes what it wrote for a photo deleted meanwhile, and fails no message for it', async () => {
    vi.mocked(getPhotos)
      .mockResolvedValueOnce([photo('p1'), photo('p2')])
      .mockResolvedValueOnce([photo('p1')]);
    vi.mocked(describeFaces).mockImplementation(async (image) => {
      if (String(image).includes('p2')) throw new Error('The copy was deleted half-way');
      return [face];
    });
    expect(await describeJob({ ...job, photoIds: ['p1', 'p2'] })).toMatchObject({ described: 1 });
    expect(deletePhotoFaces).toHaveBeenCalledExactlyOnceWith('gallery-1', 'p2');
  });

  it('removes everything it wrote when the search was switched off meanwhile, and moves no version', async () => {
    vi.mocked(getPublicGallery).mockResolvedValueOnce(searching()).mockResolvedValueOnce(searching(false));
    await describeJob(job);
    expect(
      vi
        .mocked(deletePhotoFaces)
        .mock.calls.map(([, id]) => id)
        .sort(),
    ).toEqual(['p1', 'p2', 'p3']);
    expect(bumpFacesVersion).not.toHaveBeenCalled();
  });

  it('leaves out photos not READY (their resize announces them once they are)', async () => {
    vi.mocked(getPhotos).mockResolvedValue([photo('p1'), photo('p2', 'PROCESSING')]);
    expect(await describeJob(job)).toMatchObject({ described: 1, skipped: 2 });
  });
});
