/** Loads one content document by slug: loading, failed, not found (null) or found. Reloads when the slug changes. */
import { useQuery } from '../../lib/use-query';

export type DocumentState<T> =
  { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; document: T };

export function useContentDocument<T>(
  slug: string,
  load: (slug: string) => Promise<T | null>,
): DocumentState<T> {
  // A result for another slug is stale: the query shows loading until this slug's answer arrives.
  const query = useQuery({ key: ['content-document', slug], load: () => load(slug) });
  if (query.status !== 'ready') return { status: query.status };
  return query.data ? { status: 'ready', document: query.data } : { status: 'not-found' };
}
