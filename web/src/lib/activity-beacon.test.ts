// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityBody } from '#shared/schemas/activity';
import { countActivity, flushActivity, sendCount } from './activity-beacon';

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  flushActivity(() => undefined);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the activity beacon', () => {
  it('sends nothing while the page is shown, then one batched call per target when it is hidden', () => {
    const beacon = vi.fn((_url: string, _data: string) => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    countActivity({ kind: 'order', id: 'order_0001' }, 'photoViews');
    countActivity({ kind: 'order', id: 'order_0001' }, 'photoViews');
    countActivity({ kind: 'order', id: 'order_0001' }, 'zipDownloads');
    countActivity({ kind: 'gallery', id: 'public_0001' }, 'photoViews', 3);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).not.toHaveBeenCalled();

    hide();
    expect(beacon.mock.calls.map(([url, data]) => [url, JSON.parse(data)])).toEqual([
      [
        '/api/public/activity',
        { kind: 'order', id: 'order_0001', counts: { photoViews: 2, zipDownloads: 1 } },
      ],
      ['/api/public/activity', { kind: 'gallery', id: 'public_0001', counts: { photoViews: 3 } }],
    ]);
    // Sent once: leaving the page afterwards sends nothing more.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('sends at most 500 of a count per call and keeps the rest for the next', () => {
    const sent: ActivityBody[] = [];
    countActivity({ kind: 'order', id: 'order_0002' }, 'photoViews', 620);
    flushActivity((body) => sent.push(body));
    flushActivity((body) => sent.push(body));
    flushActivity((body) => sent.push(body));
    expect(sent).toEqual([
      { kind: 'order', id: 'order_0002', counts: { photoViews: 500 } },
      { kind: 'order', id: 'order_0002', counts: { photoViews: 120 } },
    ]);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    vi.stubGlobal('fetch', fetchMock);
    sendCount({ kind: 'gallery', id: 'public_0002', counts: { photoViews: 1 } });
    expect(fetchMock).toHaveBeenCalledWith('/api/public/activity', {
      method: 'POST',
      body: '{"kind":"gallery","id":"public_0002","counts":{"photoViews":1}}',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    });
  });
});
