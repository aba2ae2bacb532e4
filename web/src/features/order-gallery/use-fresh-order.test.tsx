// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FulfilledOrder } from '#shared/schemas/order';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ServicesProvider } from '../../lib/services';
import { fakeServices } from '../../testing/fake-services';
import type { OpenedGallery } from './gallery-load';
import { useFreshOrder, type FreshOrderEvents } from './use-fresh-order';

const MINUTE = 60_000;
const order = (expiresInMs: number, url = 'https://s3.test/1?sig=a'): FulfilledOrder => ({
  orderId: 'order_12345678',
  status: 'FULFILLED',
  photoUrls: { p1: { url } },
  urlsExpireAt: new Date(Date.now() + expiresInMs).toISOString(),
});

function renderOpened(
  opened: OpenedGallery,
  fulfilledOrder: ApiClient['fulfilledOrder'],
  events: FreshOrderEvents = {},
  services = fakeServices({ fulfilledOrder }),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>{children}</ServicesProvider>
  );
  return { ...renderHook(() => useFreshOrder(opened, events), { wrapper }), services };
}

/** The photo's URL in what the gallery shows (none before the human check). */
const photoUrl = (opened: OpenedGallery) =>
  opened.kind === 'photos' ? opened.order.photoUrls.p1?.url : undefined;

const renderFresh = (
  initial: FulfilledOrder,
  fulfilledOrder: ApiClient['fulfilledOrder'],
  onAccessEnded?: () => void,
) => renderOpened({ kind: 'photos', order: initial }, fulfilledOrder, { onAccessEnded });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('fresh signed URLs', () => {
  it('replaces the URLs a minute before they expire, once per answer', async () => {
    const fulfilledOrder = vi.fn(async () => order(60 * MINUTE, 'https://s3.test/1?sig=b'));
    const { result } = renderFresh(order(5 * MINUTE), fulfilledOrder);
    await act(async () => vi.advanceTimersByTimeAsync(4 * MINUTE - 1));
    expect(fulfilledOrder).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
    expect(photoUrl(result.current.opened)).toBe('https://s3.test/1?sig=b');
    // The new answer lasts an hour: nothing more for 58 minutes.
    await act(async () => vi.advanceTimersByTimeAsync(58 * MINUTE));
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
  });

  it('gives downloads URLs with a minute left, refreshing once for concurrent callers', async () => {
    const fulfilledOrder = vi.fn(async () => order(60 * MINUTE, 'https://s3.test/1?sig=c'));
    const { result, services } = renderFresh(order(150_000), fulfilledOrder);
    expect(await result.current.freshOrder()).toMatchObject({
      photoUrls: { p1: { url: 'https://s3.test/1?sig=a' } },
    });
    vi.setSystemTime(Date.now() + 91_000); // 59 s left (the timer has not run: the clock jumped)
    let fresh: FulfilledOrder[] = [];
    await act(async () => {
      fresh = await Promise.all([result.current.freshOrder(), result.current.freshOrder()]);
    });
    expect(fresh.map((o) => o.photoUrls.p1?.url)).toEqual([
      'https://s3.test/1?sig=c',
      'https://s3.test/1?sig=c',
    ]);
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
    expect(services.executeCaptcha).toHaveBeenCalledWith('public_order_check');
  });

  it('replaces URLs that live under two minutes halfway through their life', async () => {
    const fulfilledOrder = vi.fn(async () => order(30_000, 'https://s3.test/1?sig=d'));
    const { result } = renderFresh(order(30_000), fulfilledOrder);
    await act(async () => vi.advanceTimersByTimeAsync(14_999));
    expect(fulfilledOrder).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
    expect(photoUrl(result.current.opened)).toBe('https://s3.test/1?sig=d');
    await act(async () => vi.advanceTimersByTimeAsync(15_000));
    expect(fulfilledOrder).toHaveBeenCalledTimes(2);
  });

  it('says when a refresh is refused because access ended (refunded 410, disputed 409)', async () => {
    for (const status of [410, 409]) {
      const onAccessEnded = vi.fn();
      const fulfilledOrder = vi.fn(async () => {
        throw new ApiError('This order has been refunded', status, 'Gone');
      });
      renderFresh(order(2 * MINUTE), fulfilledOrder, onAccessEnded);
      await act(async () => vi.advanceTimersByTimeAsync(MINUTE));
      expect(fulfilledOrder).toHaveBeenCalledTimes(1);
      expect(onAccessEnded).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it('keeps the page as it is when a refresh fails otherwise (the network)', async () => {
    const onAccessEnded = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFresh(
      order(2 * MINUTE),
      vi.fn(async () => Promise.reject(new Error('offline'))),
      onAccessEnded,
    );
    await act(async () => vi.advanceTimersByTimeAsync(MINUTE));
    expect(onAccessEnded).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('never loops when the clocks disagree (answers that look expired on arrival)', async () => {
    const fulfilledOrder = vi.fn(async () => order(-5 * MINUTE));
    const { result } = renderFresh(order(-5 * MINUTE), fulfilledOrder);
    await act(async () => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(fulfilledOrder).not.toHaveBeenCalled();
    // A download still asks for new URLs, once per download.
    await act(async () => {
      await result.current.freshOrder();
    });
    await act(async () => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
  });
});

describe('an order opened with its thumbnails only', () => {
  const preview = (): OpenedGallery => ({
    kind: 'preview',
    order: {
      orderId: 'order_12345678',
      status: 'FULFILLED',
      photoUrls: { p1: { thumbnailUrl: 'https://s3.test/t1?sig=a' } },
      urlsExpireAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
    },
  });

  it('runs the human check for the photos at the first touch, once, and not before', async () => {
    const fulfilledOrder = vi.fn(async () => order(10 * MINUTE, 'https://s3.test/1?sig=e'));
    const { result, services } = renderOpened(preview(), fulfilledOrder);
    await act(async () => vi.advanceTimersByTimeAsync(MINUTE));
    expect(services.executeCaptcha).not.toHaveBeenCalled();
    expect(result.current.opened.kind).toBe('preview');
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
      window.dispatchEvent(new Event('keydown'));
    });
    expect(services.executeCaptcha).toHaveBeenCalledTimes(1);
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
    expect(result.current.opened).toMatchObject({
      kind: 'photos',
      order: { photoUrls: { p1: { url: 'https://s3.test/1?sig=e' } } },
    });
    await act(async () => window.dispatchEvent(new Event('pointerdown')));
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
  });

  it('gives a download the photos, never the thumbnails', async () => {
    const fulfilledOrder = vi.fn(async () => order(10 * MINUTE, 'https://s3.test/1?sig=f'));
    const { result } = renderOpened(preview(), fulfilledOrder);
    let fresh: FulfilledOrder | undefined;
    await act(async () => {
      fresh = await result.current.freshOrder();
    });
    expect(fresh?.photoUrls.p1?.url).toBe('https://s3.test/1?sig=f');
    expect(fulfilledOrder).toHaveBeenCalledTimes(1);
  });

  it("says when the first touch's human check is refused, on our side or the server's", async () => {
    const fulfilled = vi.fn(async () => order(MINUTE));
    const refusedHere = fakeServices({ fulfilledOrder: fulfilled });
    refusedHere.executeCaptcha.mockRejectedValue(new Error('the check failed to load'));
    const refusedThere = vi.fn(async () => {
      throw new ApiError('Captcha verification failed', 403, 'Forbidden');
    });
    for (const [fulfilledOrder, services] of [
      [fulfilled, refusedHere],
      [refusedThere, fakeServices({ fulfilledOrder: refusedThere })],
    ] as const) {
      const onCheckRefused = vi.fn();
      const onAccessEnded = vi.fn();
      renderOpened(preview(), fulfilledOrder, { onCheckRefused, onAccessEnded }, services);
      await act(async () => window.dispatchEvent(new Event('touchstart')));
      expect(onCheckRefused).toHaveBeenCalledTimes(1);
      expect(onAccessEnded).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('says when access ended before the first touch (refunded)', async () => {
    const onAccessEnded = vi.fn();
    const fulfilledOrder = vi.fn(async () => {
      throw new ApiError('This order has been refunded', 410, 'Gone');
    });
    renderOpened(preview(), fulfilledOrder, { onAccessEnded });
    await act(async () => window.dispatchEvent(new Event('keydown')));
    expect(onAccessEnded).toHaveBeenCalledTimes(1);
  });
});
