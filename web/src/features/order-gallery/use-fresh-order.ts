/**
 * Keeps a fulfilled order's signed URLs usable: they live only minutes (so they stop working soon after
 * a refund or dispute ends access) and are replaced a minute before they expire (half their life when
 * they live less than two minutes), and any download first makes sure it has URLs that still work. Each
 * refresh is a new human check and fulfilled-order call. No loop whatever the clocks say: an answer
 * younger than its margin is always taken as fresh, and one timer per answer.
 *
 * A query (web/src/lib/use-query.ts) that starts from the order the gate already fetched and polls when
 * the URLs are due. Downloads that need fresher URLs share one refresh of their own and hand its answer
 * to the query: a refusal means something else to them (that download fails) than to the scheduled
 * refresh (access ended: the page says so).
 */
import { useCallback, useRef, useState } from 'react';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { fetchFulfilledOrder } from './fulfilled-order';

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
  const { orderId } = initial;
  const [first] = useState<Received>(() => ({ order: initial, at: Date.now() }));
  const fetchReceived = useCallback(
    async (): Promise<Received> => ({ order: await fetchFulfilledOrder(services, orderId), at: Date.now() }),
    [services, orderId],
  );

  const query = useQuery<Received>({
    key: ['fulfilled-order', orderId],
    initialData: first,
    // Only the scheduled refreshes load through the query.
    load: () =>
      fetchReceived().catch((error: unknown) => {
        if (accessEnded(error)) onAccessEnded?.();
        else console.warn(error);
        throw error;
      }),
    // A fresh answer that already looks due means the clocks disagree: downloads still refresh.
    pollAfter: ({ data, error }) => {
      if (error || !data) return false;
      const delay = Date.parse(data.order.urlsExpireAt) - marginOf(data) - Date.now();
      return delay > 0 ? delay : false;
    },
  });
  const received = query.data ?? first;

  const { setData } = query;
  const inFlight = useRef<Promise<FulfilledOrder> | null>(null);
  const refresh = useCallback((): Promise<FulfilledOrder> => {
    inFlight.current ??= fetchReceived()
      .then((answer) => {
        setData(() => answer);
        return answer.order;
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, [fetchReceived, setData]);

  /** The order with URLs good for at least another margin (a minute, or half of a short life). */
  const freshOrder = useCallback(
    async (): Promise<FulfilledOrder> => (needsRefresh(received, Date.now()) ? refresh() : received.order),
    [received, refresh],
  );

  return { order: received.order, freshOrder };
}
