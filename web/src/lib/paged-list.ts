/**
 * A list loaded page by page with the API's opaque nextToken ("Load more"): the first page is a query
 * (web/src/lib/use-query.ts), later pages are appended to it. A stale answer (the component went away,
 * the key changed) is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, type QueryKey } from './use-query';
import { pageVisible, useRefreshOnReturn } from './use-refresh-on-return';

export interface Page<T> {
  items: T[];
  nextToken?: string;
}

/**
 * Reading the first page again keeps the pages loaded after it: the fresh first page, then the loaded
 * items it does not hold (an item new on another device pushes the last of page one onto page two,
 * where the kept nextToken no longer starts). A gallery deleted on another device stays listed until
 * the page is reloaded: the list cannot tell it from one pushed down.
 */
export function withFreshFirstPage<T>(
  loaded: Page<T> | undefined,
  firstPageLength: number,
  fresh: Page<T>,
  idOf: (item: T) => string,
): Page<T> {
  if (!loaded || loaded.items.length <= firstPageLength) return fresh;
  const ids = new Set(fresh.items.map(idOf));
  const later = loaded.items.filter((item) => !ids.has(idOf(item)));
  return { items: [...fresh.items, ...later], ...(loaded.nextToken && { nextToken: loaded.nextToken }) };
}

export interface PagedListOptions<T> {
  key: QueryKey;
  fetchPage: (nextToken?: string) => Promise<Page<T>>;
  errorOf: (e: unknown) => string;
  /** Reads the first page again this often while the page is in view, and on coming back to it. */
  refresh?: { everyMs: number; idOf: (item: T) => string };
}

export function usePagedList<T>({ key, fetchPage, errorOf, refresh }: PagedListOptions<T>) {
  const loaded = useRef<{ data: Page<T> | undefined; firstPageLength: number }>({
    data: undefined,
    firstPageLength: 0,
  });
  const first = useQuery({
    key,
    load: async () => {
      const fresh = await fetchPage();
      const { data: before, firstPageLength } = loaded.current;
      loaded.current.firstPageLength = fresh.items.length;
      return refresh ? withFreshFirstPage(before, firstPageLength, fresh, refresh.idOf) : fresh;
    },
    ...(refresh && { pollAfter: () => (pageVisible() ? refresh.everyMs : false) }),
  });
  useRefreshOnReturn(first.refetch, refresh !== undefined);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);
  const { data, setData } = first;
  useEffect(() => {
    loaded.current.data = data;
  }, [data]);
  const nextToken = data?.nextToken;

  const loadMore = useCallback(async () => {
    if (!nextToken) return;
    try {
      const page = await fetchPage(nextToken);
      setData((existing) => ({
        items: [...(existing?.items ?? []), ...page.items],
        ...(page.nextToken && { nextToken: page.nextToken }),
      }));
    } catch (failure) {
      setLoadMoreError(errorOf(failure));
    }
  }, [fetchPage, errorOf, nextToken, setData]);

  /** Puts `item` in place of the loaded items `matches` picks (after a change made from the list). */
  const replaceItem = useCallback(
    (matches: (item: T) => boolean, item: T) =>
      setData((existing) => ({
        ...existing,
        items: (existing?.items ?? []).map((old) => (matches(old) ? item : old)),
      })),
    [setData],
  );

  return {
    items: data?.items ?? null,
    nextToken,
    error: first.status === 'error' ? errorOf(first.error) : loadMoreError,
    loadMore,
    replaceItem,
  };
}
