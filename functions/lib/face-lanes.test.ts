/**
 * Unit test of the face search's lanes with the photos and faces tables and the originals bucket held in
 * memory: the seller's request makes at most FACE_LANES copies however big the gallery, and the resizes
 * (simulated: each copy's resize records the photo as looked at and takes its lane's next step) then
 * send every READY photo exactly once, never more than FACE_LANES at a time. (Through the local stack,
 * with real resizes: test/integration/public-galleries.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFacesRecorded } from './repositories/faces';
import { listGalleryPhotos, readyPhotoIdsBetween, type PhotoRecord } from './repositories/photos';
import { headObject, rewriteObject, type ObjectHead } from './s3';
import { objectKeys } from './storage-layout';
import { setUnitTestEnv } from './testing/unit-env';
import {
  continueFaceLane,
  continueFaceLanePast,
  FACE_LANES,
  laneOf,
  splitIntoLanes,
  startFaceLanes,
  type FaceLane,
} from './face-lanes';
import { reprocessOriginal } from './reprocess';

vi.mock('./repositories/photos', () => ({ listGalleryPhotos: vi.fn(), readyPhotoIdsBetween: vi.fn() }));
vi.mock('./repositories/faces', () => ({ photoFacesRecorded: vi.fn() }));
vi.mock('./s3', () => ({ headObject: vi.fn(), rewriteObject: vi.fn() }));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const galleryId = 'gallery-1';
const switchedOn = new Date('2026-06-02T10:00:00.000Z');

/** The gallery as the tables and the bucket hold it. */
let photos: PhotoRecord[];
let lookedAt: Set<string>;
let originals: Map<string, ObjectHead>;
/** Originals copied (sent through the resize), in order, whose resize has not run yet. */
let sent: string[];
let copies: number;

const photoIdOf = (key: string) => key.split('/')[2]!;
const idOf = (n: number) => `p${String(n).padStart(5, '0')}`;

function gallery(count: number, status: (n: number) => PhotoRecord['status'] = () => 'READY') {
  photos = Array.from({ length: count }, (_, n) => ({
    galleryId,
    photoId: idOf(n),
    userId: 'seller-1',
    status: status(n),
    quality: 'original' as const,
    createdAt: '2026-06-01T08:00:00.000Z',
  }));
  for (const photo of photos)
    originals.set(objectKeys.original(galleryId, photo.photoId), { contentType: 'image/jpeg', metadata: {} });
}

/** Runs the resizes of the copies made, each taking its lane's next step, until no lane has any left. */
async function resizeUntilDone(): Promise<{ mostAtOnce: number }> {
  let mostAtOnce = sent.length;
  while (sent.length > 0) {
    const key = sent.shift()!;
    lookedAt.add(photoIdOf(key));
    const lane = laneOf(originals.get(key)?.metadata);
    if (lane) await continueFaceLane(galleryId, photoIdOf(key), lane);
    mostAtOnce = Math.max(mostAtOnce, sent.length);
  }
  return { mostAtOnce };
}

beforeEach(() => {
  vi.resetAllMocks();
  photos = [];
  lookedAt = new Set();
  originals = new Map();
  sent = [];
  copies = 0;
  vi.mocked(listGalleryPhotos).mockImplementation(async () => photos.map((photo) => ({ ...photo })));
  vi.mocked(readyPhotoIdsBetween).mockImplementation(async function* (_gallery, from, through) {
    for (const photo of photos)
      if (photo.status === 'READY' && photo.photoId >= from && photo.photoId <= through) yield photo.photoId;
  });
  vi.mocked(photoFacesRecorded).mockImplementation(async (_gallery, photoId) => lookedAt.has(photoId));
  vi.mocked(headObject).mockImplementation(async (_bucket, key) => originals.get(key));
  vi.mocked(rewriteObject).mockImplementation(async (_bucket, key, head) => {
    originals.set(key, head);
    sent.push(key);
    copies += 1;
  });
});

describe('splitIntoLanes', () => {
  it('splits the ids into contiguous runs as even as can be, covering them all', () => {
    const ids = Array.from({ length: 10 }, (_, n) => idOf(n));
    expect(splitIntoLanes(ids, 4)).toEqual([
      { from: 'p00000', through: 'p00001' },
      { from: 'p00002', through: 'p00004' },
      { from: 'p00005', through: 'p00006' },
      { from: 'p00007', through: 'p00009' },
    ]);
  });

  it('makes a lane per photo when there are fewer photos than lanes, and none without photos', () => {
    expect(splitIntoLanes(['a', 'b'], 4)).toEqual([
      { from: 'a', through: 'a' },
      { from: 'b', through: 'b' },
    ]);
    expect(splitIntoLanes([], 4)).toEqual([]);
  });
});

describe('switching the search on', () => {
  it('makes at most FACE_LANES copies in the request, however many photos the gallery has', async () => {
    gallery(3000);
    expect(await startFaceLanes(galleryId, switchedOn)).toEqual({ photos: 3000, lanes: FACE_LANES });
    expect(copies).toBe(FACE_LANES);
    // Each lane's first photo, marked with when the search was switched on and the lane's last id.
    expect(sent.map(photoIdOf)).toEqual(['p00000', 'p00750', 'p01500', 'p02250']);
    expect(originals.get(objectKeys.original(galleryId, 'p00750'))?.metadata).toEqual({
      'faces-requested-at': switchedOn.toISOString(),
      'faces-through': 'p01499',
    });
  });

  it('then has the resizes send every READY photo once, never more than FACE_LANES at a time', async () => {
    gallery(103, (n) => (n % 10 === 3 ? 'FAILED' : 'READY'));
    await startFaceLanes(galleryId, switchedOn);
    const { mostAtOnce } = await resizeUntilDone();
    const ready = photos.filter((photo) => photo.status === 'READY').map((photo) => photo.photoId);
    expect([...lookedAt].sort()).toEqual(ready);
    expect(copies).toBe(ready.length);
    expect(mostAtOnce).toBeLessThanOrEqual(FACE_LANES);
  });

  it('skips photos looked at already (uploaded since) and photos whose original is gone', async () => {
    gallery(12);
    lookedAt.add('p00001');
    lookedAt.add('p00007');
    originals.delete(objectKeys.original(galleryId, 'p00004'));
    await startFaceLanes(galleryId, switchedOn);
    await resizeUntilDone();
    expect(copies).toBe(9);
    expect(lookedAt.size).toBe(11);
    expect(lookedAt.has('p00004')).toBe(false);
  });
});

describe('a lane step', () => {
  const lane: FaceLane = { requestedAt: switchedOn.toISOString(), through: 'p00009' };

  it('sends the next READY photo after the one just resized, up to the end of its lane only', async () => {
    gallery(12, (n) => (n === 3 ? 'PROCESSING' : 'READY'));
    expect(await continueFaceLane(galleryId, 'p00002', lane)).toBe('sent');
    expect(sent.map(photoIdOf)).toEqual(['p00004']);
    sent = [];
    expect(await continueFaceLane(galleryId, 'p00009', lane)).toBe('done');
    expect(sent).toEqual([]);
  });

  it('sends nothing when a repeated event runs the same step again: the first run carries the lane', async () => {
    gallery(12);
    expect(await continueFaceLane(galleryId, 'p00002', lane)).toBe('sent');
    expect(await continueFaceLane(galleryId, 'p00002', lane)).toBe('taken');
    expect(copies).toBe(1);
  });

  it('sends a photo an earlier switching on sent (another time in its metadata)', async () => {
    gallery(12);
    originals.set(objectKeys.original(galleryId, 'p00003'), {
      metadata: { 'faces-requested-at': '2026-05-01T10:00:00.000Z', 'faces-through': 'p00011' },
    });
    expect(await continueFaceLane(galleryId, 'p00002', lane)).toBe('sent');
    expect(originals.get(objectKeys.original(galleryId, 'p00003'))?.metadata).toEqual({
      'faces-requested-at': lane.requestedAt,
      'faces-through': 'p00009',
    });
  });
});

describe('a photo whose resize gave up', () => {
  it('has its lane go on past it, read from its original', async () => {
    gallery(12);
    originals.set(objectKeys.original(galleryId, 'p00002'), {
      metadata: { 'faces-requested-at': switchedOn.toISOString(), 'faces-through': 'p00005' },
    });
    expect(await continueFaceLanePast(galleryId, 'p00002')).toBe('sent');
    expect(sent.map(photoIdOf)).toEqual(['p00003']);
    expect(laneOf(originals.get(objectKeys.original(galleryId, 'p00003'))?.metadata)?.through).toBe('p00005');
  });

  it('sends nothing for an upload (no lane), nor for an original that is gone', async () => {
    gallery(12);
    expect(await continueFaceLanePast(galleryId, 'p00002')).toBeUndefined();
    expect(await continueFaceLanePast(galleryId, 'gone')).toBeUndefined();
    expect(copies).toBe(0);
  });

  it('leaves out only itself: the resizes and the failure consumer together send every other photo', async () => {
    gallery(40);
    await startFaceLanes(galleryId, switchedOn);
    const failing = new Set(['p00000', 'p00013', 'p00025']);
    while (sent.length > 0) {
      const key = sent.shift()!;
      const photoId = photoIdOf(key);
      if (failing.has(photoId)) {
        await continueFaceLanePast(galleryId, photoId);
        continue;
      }
      lookedAt.add(photoId);
      await continueFaceLane(galleryId, photoId, laneOf(originals.get(key)?.metadata)!);
    }
    expect(lookedAt.size).toBe(37);
    expect([...failing].some((photoId) => lookedAt.has(photoId))).toBe(false);
  });
});

describe('reprocessOriginal', () => {
  it("never carries a lane's end over to a copy made for another reason (a seller's retry)", async () => {
    const key = objectKeys.original(galleryId, 'p00001');
    await reprocessOriginal(
      key,
      {
        contentType: 'image/jpeg',
        metadata: { 'faces-requested-at': '2026-05-01T10:00:00.000Z', 'faces-through': 'p00011' },
      },
      { 'retried-at': '2026-06-03T10:00:00.000Z' },
    );
    expect(rewriteObject).toHaveBeenCalledWith('originals', key, {
      contentType: 'image/jpeg',
      metadata: {
        'faces-requested-at': '2026-05-01T10:00:00.000Z',
        'retried-at': '2026-06-03T10:00:00.000Z',
      },
    });
    expect(laneOf(originals.get(key)?.metadata)).toBeUndefined();
  });
});
