/**
 * A list loaded page by page with the API's opaque nextToken ("Load more"): the first page is a query
 * (web/src/lib/use-query.ts), later pages are appended to it. A stale answer (the component went away,
 * the key changed) is dropped.
 */
import { useCallback, useState } from 'react';
import { useQuery, type QueryKey } from './use-query';

export interface Page<T> {
  items: T[];
  nextToken?: string;
}

export function usePagedList<T>({
  key,
  fetchPage,
  errorOf,
}: {
  key: QueryKey;
  fetchPage: (nextToken?: string) => Promise<Page<T>>;
  errorOf: (e: unknown) => string;
}) {
  const first = useQuery({ key, load: () => fetchPage() });
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);
  const { data, setData } = first;
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

  return {
    items: data?.items ?? null,
    nextToken,
    error: first.status === 'error' ? errorOf(first.error) : loadMoreError,
    loadMore,
  };
}
