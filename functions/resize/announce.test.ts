import { describe, expect, it } from 'vitest';
import { testPublicGalleryRecord } from '../domains/public-galleries/public-gallery-fixture';
import { followUpsOf } from './announce';

describe('followUpsOf', () => {
  it("asks for the faces when the gallery's face search is on, and the previews while it is open", () => {
    const on = testPublicGalleryRecord({ faceSearch: { enabled: true, basis: 'Terms' } });
    expect(followUpsOf(on)).toEqual(['faces', 'previews']);
    expect(followUpsOf(testPublicGalleryRecord())).toEqual(['previews']);
    // Unpublished, the search stays on (the seller's switch): its photos are described for when it opens.
    expect(followUpsOf({ ...on, published: false })).toEqual(['faces']);
    expect(followUpsOf({ ...testPublicGalleryRecord(), published: false })).toEqual([]);
    const closed = testPublicGalleryRecord({ settings: { ...on.settings, endDate: '2020-01-01' } });
    expect(followUpsOf(closed)).toEqual([]);
  });

  it('asks for the faces of a gallery that hides people, and its previews only once the photo is checked', () => {
    expect(followUpsOf(testPublicGalleryRecord({ hiddenPeople: 1 }))).toEqual(['faces']);
  });
});
