/** Loads one content document by slug: loading, failed, not found (null) or found. Reloads when the slug changes. */
import { useEffect, useState } from 'react';

export type DocumentState<T> =
  { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; document: T };

export function useContentDocument<T>(
  slug: string,
  load: (slug: string) => Promise<T | null>,
): DocumentState<T> {
  const [loaded, setLoaded] = useState<{ slug: string; state: DocumentState<T> } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (state: DocumentState<T>) => current && setLoaded({ slug, state });
    load(slug).then(
      (document) => settle(document ? { status: 'ready', document } : { status: 'not-found' }),
      () => settle({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [slug, load]);
  // A result for another slug is stale: show loading until this slug's answer arrives.
  return loaded?.slug === slug ? loaded.state : { status: 'loading' };
}
