// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FulfilledOrder } from '#shared/schemas/order';
import { useZipDownload } from './use-zip-download';

const order: FulfilledOrder = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  status: 'FULFILLED',
  photoUrls: { a: { url: 'https://s3.test/a' }, b: { url: 'https://s3.test/b' } },
  urlsExpireAt: '2030-01-01T00:00:00.000Z',
};
let alert: ReturnType<typeof vi.fn>;
let saved: string[];

beforeEach(() => {
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function runZip(orderId: string) {
  const { result } = renderHook(() => useZipDownload(orderId, async () => order));
  await act(async () => {
    result.current.start();
    await vi.waitFor(() => expect(alert.mock.calls.length + saved.length).toBeGreaterThan(0));
  });
  return result;
}

describe('Download ZIP (no File System Access API, no service worker: the Blob path)', () => {
  it("alerts 'Order ID is missing.' without an order id and fetches nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await runZip('');
    expect(alert).toHaveBeenCalledWith('Order ID is missing.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves shutterlane-{first 8}.zip when every photo arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('jpeg')),
    );
    const result = await runZip(order.orderId);
    expect(saved).toEqual(['shutterlane-Q2x8xHn0.zip']);
    expect(alert).not.toHaveBeenCalled();
    expect(result.current.progress).toBeNull();
  });

  it('alerts the failing photo and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/b') ? new Response('', { status: 403 }) : new Response('jpeg'),
      ),
    );
    await runZip(order.orderId);
    expect(alert).toHaveBeenCalledWith('Failed to download all images. Error occurred on photo ID: b');
    expect(saved).toEqual([]);
  });
});
