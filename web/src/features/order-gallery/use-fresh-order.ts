/**
 * Keeps a fulfilled order's signed URLs usable: they are replaced a minute before they expire, and
 * any download first makes sure it has URLs that still work. Each refresh is a new human check and
 * fulfilled-order call. No loop whatever the clocks say: an answer younger than a minute is always
 * taken as fresh, and one timer per answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FulfilledOrder } from '../../../../shared/schemas/order';
import { useServices } from '../../lib/services';
import { fetchFulfilledOrder } from './gallery-load';

export const URL_REFRESH_MARGIN_MS = 60_000;

interface Received {
  order: FulfilledOrder;
  at: number;
}

const needsRefresh = ({ order, at }: Received, now: number) =>
  now - at >= URL_REFRESH_MARGIN_MS && Date.parse(order.urlsExpireAt) - URL_REFRESH_MARGIN_MS <= now;

export function useFreshOrder(initial: FulfilledOrder) {
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

  /** The order with URLs good for at least another minute. */
  const freshOrder = useCallback(
    async (): Promise<FulfilledOrder> =>
      needsRefresh(latest.current, Date.now()) ? refresh() : latest.current.order,
    [refresh],
  );

  useEffect(() => {
    const delay = Date.parse(received.order.urlsExpireAt) - URL_REFRESH_MARGIN_MS - Date.now();
    // A fresh answer that already looks due means the clocks disagree: downloads still refresh.
    if (delay <= 0) return;
    const timer = setTimeout(() => {
      refresh().catch((error: unknown) => console.warn(error));
    }, delay);
    return () => clearTimeout(timer);
  }, [received, refresh]);

  return { order: received.order, freshOrder };
}
