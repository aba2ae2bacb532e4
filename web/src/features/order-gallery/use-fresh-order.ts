/**
 * Brings a fulfilled order's photos and keeps their signed URLs usable. An order that opened with its
 * thumbnails only (`preview`: no human check yet) gets its photos at the customer's first touch, key or
 * wheel on the page, or when a download asks first: the check's script and its work then run after the
 * grid is drawn, not while it paints. The signed URLs live only minutes (so they stop working soon after
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
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError } from '../../lib/api-client';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { fetchFulfilledOrder, isCaptchaRefusal } from './fulfilled-order';
import type { OpenedGallery } from './gallery-load';

export const URL_REFRESH_MARGIN_MS = 60_000;

interface Received {
  opened: OpenedGallery;
  at: number;
}

/** How long before expiry URLs are replaced; an answer that looks expired on arrival gets the minute. */
const marginOf = ({ opened, at }: Received): number => {
  const lifetime = Date.parse(opened.order.urlsExpireAt) - at;
  return lifetime > 0 ? Math.min(URL_REFRESH_MARGIN_MS, lifetime / 2) : URL_REFRESH_MARGIN_MS;
};

const isDue = (received: Received, now: number) => {
  const margin = marginOf(received);
  return now - received.at >= margin && Date.parse(received.opened.order.urlsExpireAt) - margin <= now;
};

/** The server refused the photos: access ended (refunded, 410) or is suspended (disputed, 409). */
const accessEnded = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 410);

/** What the gallery hears of the checked calls it makes on its own (the first touch's, the scheduled ones). */
export interface FreshOrderEvents {
  /** A refund or dispute ended access meanwhile: the page loads the order again to say why. */
  onAccessEnded?: () => void;
  /** The first touch's human check was refused: the page says so (the robot-check state). */
  onCheckRefused?: () => void;
}

/** What starts the photos' call on an order opened with thumbnails: the customer's first gesture. */
const FIRST_TOUCH_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'click'] as const;

export function useFreshOrder(initial: OpenedGallery, events: FreshOrderEvents = {}) {
  const services = useServices();
  const { orderId } = initial.order;
  // The page's callbacks change with every render; the listeners and the query read the latest.
  const latestEvents = useRef(events);
  useEffect(() => {
    latestEvents.current = events;
  });
  const [first] = useState<Received>(() => ({ opened: initial, at: Date.now() }));
  const fetchReceived = useCallback(
    async (): Promise<Received & { opened: { kind: 'photos' } }> => ({
      opened: { kind: 'photos', order: await fetchFulfilledOrder(services, orderId) },
      at: Date.now(),
    }),
    [services, orderId],
  );

  const query = useQuery<Received>({
    key: ['fulfilled-order', orderId],
    initialData: first,
    // Only the scheduled refreshes load through the query.
    load: () =>
      fetchReceived().catch((error: unknown) => {
        if (accessEnded(error)) latestEvents.current.onAccessEnded?.();
        else console.warn(error);
        throw error;
      }),
    // A fresh answer that already looks due means the clocks disagree: downloads still refresh.
    pollAfter: ({ data, error }) => {
      if (error || !data) return false;
      const delay = Date.parse(data.opened.order.urlsExpireAt) - marginOf(data) - Date.now();
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
        return answer.opened.order;
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, [fetchReceived, setData]);

  const waitsForPhotos = received.opened.kind === 'preview';
  useEffect(() => {
    if (!waitsForPhotos) return;
    const listening = new AbortController();
    const bringPhotos = () => {
      listening.abort();
      refresh().catch((error: unknown) => {
        if (isCaptchaRefusal(error)) latestEvents.current.onCheckRefused?.();
        else if (accessEnded(error)) latestEvents.current.onAccessEnded?.();
        // Anything else: a download asks again, and shows its own error.
        else console.warn(error);
      });
    };
    for (const type of FIRST_TOUCH_EVENTS)
      window.addEventListener(type, bringPhotos, { capture: true, passive: true, signal: listening.signal });
    return () => listening.abort();
  }, [waitsForPhotos, refresh]);

  /** The order's photos with URLs good for at least another margin (a minute, or half of a short life). */
  const freshOrder = useCallback(async (): Promise<FulfilledOrder> => {
    const { opened } = received;
    return opened.kind === 'photos' && !isDue(received, Date.now()) ? opened.order : refresh();
  }, [received, refresh]);

  return { opened: received.opened, freshOrder };
}
