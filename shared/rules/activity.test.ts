import { describe, expect, it } from 'vitest';
import { activityScope, countsToAdd, galleryFunnel, orderIdsOf } from './activity';

describe('customer activity rules', () => {
  it('keeps one scope per order link and per public gallery, apart from the sales scopes', () => {
    expect(activityScope({ kind: 'order', id: 'ord12345' })).toBe('activity#order#ord12345');
    expect(activityScope({ kind: 'gallery', id: 'pub12345' })).toBe('activity#public#pub12345');
  });

  it('writes only whole positive counts, each bounded per call', () => {
    expect(countsToAdd({ photoViews: 3, singleDownloads: 0, zipDownloads: 2.7 })).toEqual({
      photoViews: 3,
      zipDownloads: 2,
    });
    expect(countsToAdd({ photoViews: 10_000, opened: -4 })).toEqual({ photoViews: 500 });
    expect(countsToAdd({})).toEqual({});
  });

  it('reads each order id once from the list', () => {
    expect(orderIdsOf('aaaaaaaa,bbbbbbbb,aaaaaaaa,')).toEqual(['aaaaaaaa', 'bbbbbbbb']);
  });

  it('makes a funnel of shares of the openings, full when a step outnumbers them', () => {
    const steps = galleryFunnel({ opened: 4, photoViews: 9, selfieSearches: 2, picks: 1, paid: 0 });
    expect(steps.map((step) => [step.key, step.count, step.share])).toEqual([
      ['opened', 4, 1],
      ['photoViews', 9, 1],
      ['selfieSearches', 2, 0.5],
      ['picks', 1, 0.25],
      ['paid', 0, 0],
    ]);
    expect(galleryFunnel({ opened: 0, photoViews: 0, selfieSearches: 0, picks: 0, paid: 1 })[4]!.share).toBe(
      0,
    );
  });
});
