import { describe, expect, it } from 'vitest';
import {
  authorPath,
  cardBadges,
  formatPostDate,
  listSearch,
  pageCount,
  pageSlice,
  parseListParams,
  showsPagination,
} from './blog-rules';

describe('paging', () => {
  it('counts pages of 9, with at least one page', () => {
    expect([0, 1, 9, 10, 13, 18, 19].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 2, 2, 3]);
  });

  it("shows 'Page x of y' only when the total exceeds the page size", () => {
    expect(showsPagination(9)).toBe(false);
    expect(showsPagination(10)).toBe(true);
    expect(showsPagination(0)).toBe(false);
  });

  it('slices a 1-based page with an exclusive end', () => {
    expect(pageSlice(1)).toEqual({ start: 0, end: 9 });
    expect(pageSlice(2)).toEqual({ start: 9, end: 18 });
  });
});

describe('the list state in the URL', () => {
  const parse = (query: string) => parseListParams(new URLSearchParams(query));

  it('reads category and page', () => {
    expect(parse('category=workflow&page=2')).toEqual({ category: 'workflow', page: 2 });
    expect(parse('')).toEqual({ category: null, page: 1 });
  });

  it('falls back to all posts and page 1 on malformed values', () => {
    for (const page of ['0', '-1', '1.5', 'two', '', '01', '99999999'])
      expect(parse(`page=${page}`).page).toBe(1);
    for (const category of ['', 'Work Flow', '../x', '-a', 'a--']) {
      expect(parse(`category=${encodeURIComponent(category)}`).category).toBeNull();
    }
  });

  it('writes the state, leaving out the defaults, and reads back what it wrote', () => {
    expect(listSearch({ category: null, page: 1 })).toBe('');
    expect(listSearch({ category: 'workflow', page: 1 })).toBe('?category=workflow');
    expect(listSearch({ category: null, page: 2 })).toBe('?page=2');
    const state = { category: 'product-news', page: 3 };
    expect(parse(listSearch(state).slice(1))).toEqual(state);
  });
});

describe('cards and links', () => {
  it('keeps at most 2 category badges, in order', () => {
    expect(cardBadges(['a', 'b', 'c'])).toEqual(['a', 'b']);
    expect(cardBadges(['a'])).toEqual(['a']);
  });

  it('formats the publication date in UTC as day, month name and year', () => {
    expect(formatPostDate('2026-10-14T09:00:00Z')).toBe('October 14, 2026');
    expect(formatPostDate('2026-03-01T23:30:00Z')).toBe('March 1, 2026');
    expect(formatPostDate('not a date')).toBe('');
  });

  it('links to the author page by the encoded name', () => {
    expect(authorPath('Maya Okafor')).toBe('/insights/author/Maya%20Okafor');
    expect(authorPath('Zoë / Studio')).toBe('/insights/author/Zo%C3%AB%20%2F%20Studio');
  });
});
