/** Pure rules of the insights blog: paging, the list's URL state, card badges, dates and author links. */
import { BLOG_CARD_CATEGORY_BADGES, BLOG_PAGE_SIZE } from '#shared/rules/constants';
import { formatDate, toDate } from '#shared/rules/dates';

/** The list's state, kept in the URL query (?category=workflow&page=2) so it is linkable and Back works. */
export interface ListParams {
  category: string | null;
  page: number;
}

/** At least one page, so an empty list still reads as page 1. */
export const pageCount = (total: number, pageSize = BLOG_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** 'Page x of y' and Previous/Next appear only when there is more than one page (spec section 2). */
export const showsPagination = (total: number, pageSize = BLOG_PAGE_SIZE): boolean => total > pageSize;

/** GROQ slice bounds of a 1-based page: `[$start...$end]` (end exclusive). */
export function pageSlice(page: number, pageSize = BLOG_PAGE_SIZE): { start: number; end: number } {
  const start = (page - 1) * pageSize;
  return { start, end: start + pageSize };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSITIVE_INTEGER = /^[1-9]\d{0,5}$/;

/** Reads the list state; anything malformed falls back to all posts, page 1. */
export function parseListParams(search: URLSearchParams): ListParams {
  const category = search.get('category') ?? '';
  const page = search.get('page') ?? '';
  return {
    category: SLUG.test(category) ? category : null,
    page: POSITIVE_INTEGER.test(page) ? Number(page) : 1,
  };
}

/** The query string of a list state, leaving out the defaults (all posts, page 1). */
export function listSearch({ category, page }: ListParams): string {
  const search = new URLSearchParams();
  if (category !== null) search.set('category', category);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query === '' ? '' : `?${query}`;
}

/** A card shows at most BLOG_CARD_CATEGORY_BADGES categories, in the post's own order. */
export const cardBadges = <T>(categories: readonly T[]): T[] =>
  categories.slice(0, BLOG_CARD_CATEGORY_BADGES);

/**
 * 'October 14, 2026': the publication date as written, whatever the reader's time zone, in the same
 * format as every other date of the site (shared/rules/dates.ts); empty when unreadable.
 */
export function formatPostDate(iso: string): string {
  const date = toDate(iso);
  return date && !Number.isNaN(date.getTime()) ? formatDate(date.getTime(), 'long', 'UTC') : '';
}

/** The author page of a name: the name itself, URL-encoded (the route's parameter is authorName). */
export const authorPath = (name: string): string => `/insights/author/${encodeURIComponent(name)}`;
