/**
 * Unit test of a sweep message with S3, the gallery read and the queue replaced: each gallery's folders
 * are listed before its access is read, only stale folders are removed, and the next page of galleries
 * is sent only once this page is done. (Through the local stack: test/integration/preview-sweep.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queuePreviewSweep } from '../lib/preview-jobs';
import type * as PreviewJobs from '../lib/preview-jobs';
import { deletePrefix, listFolders } from '../lib/s3';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { currentGallery } from './current';
import { sweep, SWEEP_GALLERIES } from './sweep';

vi.mock('../lib/s3', () => ({ listFolders: vi.fn(), deletePrefix: vi.fn() }));
vi.mock('./current', () => ({ currentGallery: vi.fn() }));
vi.mock('../lib/preview-jobs', async (importOriginal) => ({
  ...(await importOriginal<typeof PreviewJobs>()),
  queuePreviewSweep: vi.fn(),
}));

setUnitTestEnv({ ORIGINALS_BUCKET: 'originals', DERIVED_BUCKET: 'derived' });

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const OLD = 'zzzzzzzzzzzzzzzzzzzzzz';
/** Folders by prefix, as S3 would list them: two galleries, one open with an older folder, one closed. */
const TREE: Record<string, string[]> = {
  'previews/open1/': ['previews/open1/open/'],
  'previews/open1/open/': [`previews/open1/open/${SECRET}/`, `previews/open1/open/${OLD}/`],
  'previews/shut1/': ['previews/shut1/1700000000/'],
  'previews/shut1/1700000000/': [`previews/shut1/1700000000/${SECRET}/`],
};
const order: string[] = [];

beforeEach(() => {
  vi.resetAllMocks();
  order.length = 0;
  vi.mocked(listFolders).mockImplementation(async (_bucket, prefix) => {
    order.push(`list ${prefix}`);
    if (prefix === 'previews/')
      return { folders: ['previews/open1/', 'previews/shut1/'], nextToken: undefined };
    return { folders: TREE[prefix] ?? [], nextToken: undefined };
  });
  vi.mocked(currentGallery).mockImplementation(async ({ publicId }) => {
    order.push(`read ${publicId}`);
    return publicId === 'open1' ? ({ access: { closes: 'open', secret: SECRET } } as never) : undefined;
  });
  vi.mocked(deletePrefix).mockResolvedValue(2);
});

describe('a sweep message', () => {
  it("removes every folder but an open gallery's current one, reading each gallery after listing it", async () => {
    await sweep(undefined);
    expect(vi.mocked(deletePrefix).mock.calls).toEqual([
      ['derived', `previews/open1/open/${OLD}/`],
      ['derived', `previews/shut1/1700000000/${SECRET}/`],
    ]);
    expect(order.indexOf('read open1')).toBeGreaterThan(order.indexOf('list previews/open1/open/'));
    expect(order.indexOf('read shut1')).toBeGreaterThan(order.indexOf('list previews/shut1/1700000000/'));
    expect(listFolders).toHaveBeenCalledWith('derived', 'previews/', {
      maxKeys: SWEEP_GALLERIES,
      token: undefined,
    });
    expect(queuePreviewSweep).not.toHaveBeenCalled();
  });

  it('sends the next page of galleries once this one is swept, and starts where the token says', async () => {
    vi.mocked(listFolders).mockImplementationOnce(async () => ({ folders: [], nextToken: 'page-3' }));
    await sweep('page-2');
    expect(listFolders).toHaveBeenCalledWith('derived', 'previews/', {
      maxKeys: SWEEP_GALLERIES,
      token: 'page-2',
    });
    expect(queuePreviewSweep).toHaveBeenCalledExactlyOnceWith('page-3');
  });

  it('sends no next page when a gallery fails (the message is retried whole)', async () => {
    vi.mocked(listFolders).mockImplementationOnce(async () => ({
      folders: ['previews/open1/'],
      nextToken: 'next',
    }));
    vi.mocked(deletePrefix).mockRejectedValue(new Error('S3 refused'));
    await expect(sweep(undefined)).rejects.toThrow('S3 refused');
    expect(queuePreviewSweep).not.toHaveBeenCalled();
  });
});
