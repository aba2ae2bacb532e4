/**
 * Keeps a fulfilled order's signed URLs usable: they live only minutes (so they stop working soon after
 * a refund or dispute ends access) and are replaced a minute before they expire (half their life when
 * they live less than two minutes), and any download first makes sure it has URLs that still work. Each
 * refresh is a new human check and fulfilled-order call. No loop whatever the clocks say: an answer
 * younger than its margin is always taken as fresh, and one timer per answer.
 *
 * Not a query of web/src/lib/use-query.ts: it starts from the order the gate already fetched, downloads
 * share the one refresh in flight, and a refusal means different things by who asked (the timer: access
 * ended, say so; a download: that download fails), which one query state cannot tell apart.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';
import { fetchFulfilledOrder } from './gallery-load';

export const URL_REFRESH_MARGIN_MS = 60_000;

interface Received {
  order: FulfilledOrder;
  at: number;
}

/** How long before expiry URLs are replaced; an answer that looks expired on arrival gets the minute. */
const marginOf = ({ order, at }: Received): number => {
  const lifetime = Date.parse(order.urlsExpireAt) - at;
  return lifetime > 0 ? Math.min(URL_REFRESH_MARGIN_MS, lifetime / 2) : URL_REFRESH_MARGIN_MS;
};

const needsRefresh = (received: Received, now: number) => {
  const margin = marginOf(received);
  return now - received.at >= margin && Date.parse(received.order.urlsExpireAt) - margin <= now;
};

/** The server refused the photos: access ended (refunded, 410) or is suspended (disputed, 409). */
const accessEnded = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 410);

/**
 * `onAccessEnded`: called when a scheduled refresh is refused because access ended meanwhile (a refund
 * or dispute), so the page can say why instead of keeping URLs that are about to stop working.
 */
export function useFreshOrder(initial: FulfilledOrder, onAccessEnded?: () => void) {
  const services = useServices();
  const [received, setReceived] = useState<Received>(() => ({ order: initial, at: Date.now() }));
  const latest = useRef(received);
  const inFlight = useRef<Promise<FulfilledOrder> | null>(null);

  const refresh = useCallback((): Promise<FulfilledOrder> => {
    inFlight.current ??= fetchFulfilledOrder(services, latest.current.order.orderId)
      .then((order) => {
        latest.current = { order, at: Date.now() };
        setReceived(latest.current);
        return order;
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, [services]);

  /** The order with URLs good for at least another margin (a minute, or half of a short life). */
  const freshOrder = useCallback(
    async (): Promise<FulfilledOrder> =>
      needsRefresh(latest.current, Date.now()) ? refresh() : latest.current.order,
    [refresh],
  );

  useEffect(() => {
    const delay = Date.parse(received.order.urlsExpireAt) - marginOf(received) - Date.now();
    // A fresh answer that already looks due means the clocks disagree: downloads still refresh.
    if (delay <= 0) return;
    const timer = setTimeout(() => {
      refresh().catch((error: unknown) => {
        if (accessEnded(error)) onAccessEnded?.();
        else console.warn(error);
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [received, refresh, onAccessEnded]);

  return { order: received.order, freshOrder };
}
