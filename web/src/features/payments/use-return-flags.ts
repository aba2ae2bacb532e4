/**
 * Reads a set of query flags once, when the page opens, and removes them from the address (history
 * replaced), so a reload or a shared link does not repeat what they started.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export function useReturnFlags<const K extends string>(names: readonly K[]): Record<K, boolean> {
  const [params, setParams] = useSearchParams();
  const [flags] = useState(
    () => Object.fromEntries(names.map((name) => [name, params.has(name)])) as Record<K, boolean>,
  );
  useEffect(() => {
    if (!names.some((name) => params.has(name))) return;
    const next = new URLSearchParams(params);
    for (const name of names) next.delete(name);
    setParams(next, { replace: true });
  }, [names, params, setParams]);
  return flags;
}
