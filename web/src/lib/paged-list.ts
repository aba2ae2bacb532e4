/**
 * A list loaded page by page with the API's opaque nextToken ("Load more"): the first page on mount,
 * later pages appended. A stale answer (the component went away) is dropped.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Page<T> {
  items: T[];
  nextToken?: string;
}

export function usePagedList<T>(
  fetchPage: (nextToken?: string) => Promise<Page<T>>,
  errorOf: (e: unknown) => string,
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [nextToken, setNextToken] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchPage()
      .then((page) => {
        if (!current) return;
        setItems(page.items);
        setNextToken(page.nextToken);
      })
      .catch((failure: unknown) => current && setError(errorOf(failure)));
    return () => {
      current = false;
    };
  }, [fetchPage, errorOf]);

  const loadMore = useCallback(async () => {
    if (!nextToken) return;
    try {
      const page = await fetchPage(nextToken);
      setItems((existing) => [...(existing ?? []), ...page.items]);
      setNextToken(page.nextToken);
    } catch (failure) {
      setError(errorOf(failure));
    }
  }, [fetchPage, errorOf, nextToken]);

  return { items, nextToken, error, loadMore };
}
