import { describe, expect, it } from 'vitest';
import type { WalkFacesJob } from '../domains/faces/face-jobs';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { searchingGallery, toDescribe, walkIsCurrent } from './rules';

const on = (enabledAt = '2026-06-02T10:00:00.000Z') =>
  testPublicGalleryRecord({ faceSearch: { enabled: true, basis: 'Terms', enabledAt } });

describe('searchingGallery', () => {
  it("is the gallery's own record with the search on", () => {
    expect(searchingGallery(on(), 'gallery-1')).toBe(true);
    expect(searchingGallery(on(), 'gallery-2')).toBe(false);
    expect(searchingGallery(testPublicGalleryRecord(), 'gallery-1')).toBe(false);
    expect(searchingGallery(undefined, 'gallery-1')).toBe(false);
  });
});

describe('walkIsCurrent', () => {
  const job: WalkFacesJob = {
    kind: 'walk',
    galleryId: 'gallery-1',
    publicId: 'public-1',
    startedAt: '2026-06-02T10:00:00.000Z',
  };

  it('goes on while the switch-on that started it is the current one', () => {
    expect(walkIsCurrent(on(), job)).toBe(true);
  });

  it('stops once the search was switched off, or off and on again (that switch-on walks anew)', () => {
    expect(walkIsCurrent(testPublicGalleryRecord(), job)).toBe(false);
    expect(walkIsCurrent(on('2026-06-02T11:00:00.000Z'), job)).toBe(false);
    expect(walkIsCurrent(undefined, job)).toBe(false);
  });
});

describe('toDescribe', () => {
  const photos = [
    { photoId: 'a', status: 'READY' as const },
    { photoId: 'b', status: 'READY' as const },
    { photoId: 'c', status: 'PROCESSING' as const },
  ];

  it('keeps READY photos not yet described, in the order given, each once', () => {
    expect(toDescribe(['b', 'a', 'b'], new Set(), photos)).toEqual(['b', 'a']);
    expect(toDescribe(['a', 'b'], new Set(['a']), photos)).toEqual(['b']);
  });

  it('leaves out photos gone or not READY yet (their resize announces them)', () => {
    expect(toDescribe(['c', 'gone'], new Set(), photos)).toEqual([]);
  });
});
