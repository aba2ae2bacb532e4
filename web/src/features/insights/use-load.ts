/** The load state of one content request: loading, failed or ready with its data (spec section 4). */
import { useEffect, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `load` and follows it; a new `load` (memoized by the caller on its inputs) starts over and shows
 * loading again. Answers of a superseded request are dropped, so a quick Next, Next shows the last page.
 */
export function useLoad<T>(load: () => Promise<T>): LoadState<T> {
  const [result, setResult] = useState<{ from: () => Promise<T>; state: LoadState<T> }>();
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setResult({ from: load, state: { status: 'ready', data } }),
      () => current && setResult({ from: load, state: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return result?.from === load ? result.state : LOADING;
}
