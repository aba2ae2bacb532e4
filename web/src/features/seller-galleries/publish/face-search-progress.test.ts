import { describe, expect, it } from 'vitest';
import type { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { faceSearchProgress } from './face-search-progress';

const admin = (faceSearch: PublicGalleryAdmin['faceSearch']) => ({ faceSearch }) as PublicGalleryAdmin;

describe('faceSearchProgress', () => {
  it('is under way while some READY photos have been neither described nor given up on', () => {
    expect(faceSearchProgress(admin({ enabled: true, photosIndexed: 7, photosNotDescribed: 1 }), 10)).toEqual(
      { described: 7, notDescribed: 1, ready: 10, done: false },
    );
  });

  it('is done once every READY photo is described or could not be, those counted apart', () => {
    expect(
      faceSearchProgress(admin({ enabled: true, photosIndexed: 8, photosNotDescribed: 2 }), 10),
    ).toMatchObject({ notDescribed: 2, done: true });
    // A photo deleted after it was described: more described than READY photos is done too.
    expect(
      faceSearchProgress(admin({ enabled: true, photosIndexed: 11, photosNotDescribed: 0 }), 10).done,
    ).toBe(true);
  });

  it('has nothing under way with the search off', () => {
    expect(
      faceSearchProgress(admin({ enabled: false, photosIndexed: 0, photosNotDescribed: 0 }), 10).done,
    ).toBe(true);
  });
});
