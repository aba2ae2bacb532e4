/**
 * Unit test of a sweep message with S3, the gallery read and the queue replaced: each page's galleries
 * are read after the page is listed (and again for the next page), only stale keys are deleted, and the
 * next message is sent only once this one's pages are done. (Through the local stack:
 * test/integration/preview-sweep.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queuePreviewSweep } from '../domains/public-galleries/preview-jobs';
import type * as PreviewJobs from '../domains/public-galleries/preview-jobs';
import { deleteObjects, listKeys } from '../lib/s3';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { currentGallery } from './current';
import { sweep, SWEEP_PAGES } from './sweep';

vi.mock('../lib/s3', () => ({ listKeys: vi.fn(), deleteObjects: vi.fn() }));
vi.mock('./current', () => ({ currentGallery: vi.fn() }));
vi.mock('../domains/public-galleries/preview-jobs', async (importOriginal) => ({
  ...(await importOriginal<typeof PreviewJobs>()),
  queuePreviewSweep: vi.fn(),
}));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const OLD = 'zzzzzzzzzzzzzzzzzzzzzz';
const current = `previews/open1/open/${SECRET}/p1/grid.webp`;
const older = `previews/open1/open/${OLD}/p1/grid.webp`;
const closed = `previews/shut1/1700000000/${SECRET}/p1/grid.webp`;
const order: string[] = [];

beforeEach(() => {
  vi.resetAllMocks();
  order.length = 0;
  vi.mocked(listKeys).mockImplementation(async (_bucket, prefix, token) => {
    order.push(`list ${token ?? 'start'}`);
    expect(prefix).toBe('previews/');
    return token ? { keys: [closed], nextToken: undefined } : { keys: [current, older], nextToken: 'page-2' };
  });
  vi.mocked(currentGallery).mockImplementation(async ({ publicId }) => {
    order.push(`read ${publicId}`);
    return publicId === 'open1' ? ({ access: { closes: 'open', secret: SECRET } } as never) : undefined;
  });
});

describe('a sweep message', () => {
  it("deletes every preview but an open gallery's current ones, reading galleries after each listing", async () => {
    await sweep(undefined);
    expect(vi.mocked(deleteObjects).mock.calls).toEqual([
      ['derived', [older]],
      ['derived', [closed]],
    ]);
    expect(order).toEqual(['list start', 'read open1', 'list page-2', 'read shut1']);
    expect(queuePreviewSweep).not.toHaveBeenCalled();
  });

  it('reads the galleries of every page again, never keeping an access from the page before', async () => {
    vi.mocked(listKeys).mockImplementation(async (_bucket, _prefix, token) => {
      order.push(`list ${token ?? 'start'}`);
      return { keys: [current], nextToken: token ? undefined : 'page-2' };
    });
    await sweep(undefined);
    expect(order).toEqual(['list start', 'read open1', 'list page-2', 'read open1']);
  });

  it(`sends the next message after ${SWEEP_PAGES} pages, starting where the token says`, async () => {
    vi.mocked(listKeys).mockResolvedValue({ keys: [], nextToken: 'more' });
    await sweep('page-7');
    expect(vi.mocked(listKeys).mock.calls[0]).toEqual(['derived', 'previews/', 'page-7']);
    expect(listKeys).toHaveBeenCalledTimes(SWEEP_PAGES);
    expect(queuePreviewSweep).toHaveBeenCalledExactlyOnceWith('more');
  });

  it('sends no next message when a delete fails (the message is retried whole)', async () => {
    vi.mocked(deleteObjects).mockRejectedValue(new Error('S3 refused'));
    await expect(sweep(undefined)).rejects.toThrow('S3 refused');
    expect(queuePreviewSweep).not.toHaveBeenCalled();
  });
});
