/**
 * Reloads a query when the seller comes back to it: the tab shown again, the window focused, the
 * network back. What another device changed meanwhile (a photo uploaded from the phone) shows at once,
 * and a page whose polling stopped while hidden starts again. Returns at most one reload a second.
 */
import { useEffect, useRef } from 'react';

const MIN_GAP_MS = 1000;

/** Whether the page is in view (a hidden tab or a locked phone is not). */
export const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function useRefreshOnReturn(refresh: () => unknown, enabled = true): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const onReturn = () => {
      if (!pageVisible() || Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      void latest.current();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    window.addEventListener('online', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
      window.removeEventListener('online', onReturn);
    };
  }, [enabled]);
}
