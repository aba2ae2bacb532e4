import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedBuild, ContentHasher } from './build-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('cachedBuild', () => {
  let dir: string;
  const hasher = new ContentHasher();
  const build = (settings: string) =>
    cachedBuild({
      dir,
      settings,
      hasher,
      keep: 2,
      build: async (outDir) => {
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, 'out.txt'), settings);
        return ['package.json'];
      },
    });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'build-cache-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reuses the build of the same settings and files', async () => {
    const first = await build('ports 1');
    const again = await build('ports 1');
    expect(first.reused).toBe(false);
    expect(again).toEqual({ outDir: first.outDir, reused: true });
  });

  it('keeps every build used within a day, however many (a running stack may serve any of them)', async () => {
    for (const ports of ['ports 1', 'ports 2', 'ports 3', 'ports 4']) await build(ports);
    expect(await readdir(dir)).toHaveLength(4);
  });

  it('drops builds beyond the newest kept that nothing used for a day', async () => {
    const stale = [await build('ports 1'), await build('ports 2')];
    const longAgo = new Date(Date.now() - 2 * DAY_MS);
    for (const { outDir } of stale) await utimes(outDir, longAgo, longAgo);
    const fresh = [await build('ports 3'), await build('ports 4')];
    expect((await readdir(dir)).sort()).toEqual(fresh.map(({ outDir }) => path.basename(outDir)).sort());
  });
});
