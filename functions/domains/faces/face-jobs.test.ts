import { describe, expect, it } from 'vitest';
import { FACE_BATCH_PHOTOS, parseFaceJob } from './face-jobs';

const ids = (count: number) => Array.from({ length: count }, (_, n) => `photo-${String(n).padStart(4, '0')}`);

describe('parseFaceJob', () => {
  it('reads describe and walk jobs', () => {
    const describe = { kind: 'describe', galleryId: 'gallery-1', publicId: 'public-1', photoIds: ids(2) };
    expect(parseFaceJob(JSON.stringify(describe))).toEqual(describe);
    const walk = {
      kind: 'walk',
      galleryId: 'gallery-1',
      publicId: 'public-1',
      startedAt: '2026-06-02T10:00:00.000Z',
      after: 'photo-0009',
    };
    expect(parseFaceJob(JSON.stringify(walk))).toEqual(walk);
  });

  it('refuses bodies that are not a face job: not JSON, another kind, a batch too big or empty, ids not ours', () => {
    const job = (photoIds: string[], galleryId = 'gallery-1') =>
      JSON.stringify({ kind: 'describe', galleryId, publicId: 'public-1', photoIds });
    for (const body of [
      'not json',
      JSON.stringify({ kind: 'resize', galleryId: 'gallery-1' }),
      job(ids(FACE_BATCH_PHOTOS + 1)),
      job([]),
      job(ids(1), '../other'),
      JSON.stringify({ kind: 'walk', galleryId: 'gallery-1', publicId: 'public-1', startedAt: 'yesterday' }),
    ])
      expect(parseFaceJob(body), body).toBeUndefined();
    expect(parseFaceJob(job(ids(FACE_BATCH_PHOTOS)))).toBeDefined();
  });
});
