import { describe, expect, it } from 'vitest';
import { scrollEdges, visibleCards } from './scroll-edges';

describe('scrollEdges', () => {
  it('is at the start at 0 (or within a pixel) and at the end when the last pixel is shown', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 2000, clientWidth: 1000 })).toEqual({
      atStart: true,
      atEnd: false,
    });
    expect(scrollEdges({ scrollLeft: 0.5, scrollWidth: 2000, clientWidth: 1000 }).atStart).toBe(true);
    expect(scrollEdges({ scrollLeft: 320, scrollWidth: 2000, clientWidth: 1000 })).toEqual({
      atStart: false,
      atEnd: false,
    });
    expect(scrollEdges({ scrollLeft: 999.5, scrollWidth: 2000, clientWidth: 1000 })).toEqual({
      atStart: false,
      atEnd: true,
    });
  });

  it('is at both ends when everything fits', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 900, clientWidth: 1000 })).toEqual({
      atStart: true,
      atEnd: true,
    });
  });
});

describe('visibleCards', () => {
  const cards = [1, 2, 3, 4, 5, 6, 7];
  it('limits mobile to the first cards until expanded, and never limits desktop', () => {
    expect(visibleCards(cards, { desktop: false, expanded: false, limit: 3 })).toEqual([1, 2, 3]);
    expect(visibleCards(cards, { desktop: false, expanded: true, limit: 3 })).toEqual(cards);
    expect(visibleCards(cards, { desktop: true, expanded: false, limit: 3 })).toEqual(cards);
  });
});
