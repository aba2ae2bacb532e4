import { describe, expect, it } from 'vitest';
import { testPublicGalleryRecord } from '../lib/testing/public-gallery-record';
import { followUpsOf } from './announce';

describe('followUpsOf', () => {
  it("asks for the faces when the gallery's face search is on, nothing otherwise", () => {
    const on = testPublicGalleryRecord({ faceSearch: { enabled: true, basis: 'Terms' } });
    expect(followUpsOf(on)).toEqual(['faces']);
    expect(followUpsOf(testPublicGalleryRecord())).toEqual([]);
    // Unpublished, the search stays on (the seller's switch): its photos are described for when it opens.
    expect(followUpsOf({ ...on, published: false })).toEqual(['faces']);
  });
});
