/**
 * Build outputs the local stack keeps between starts (function bundles, the web app's production build),
 * each under `<dir>/<digest>/` with the list of files it was built from: reused while those files' contents
 * and the build's settings hash the same, rebuilt when one changes. Files from node_modules count as the
 * lockfile, so an install that changes a package rebuilds. Outputs are never changed in place: a build goes
 * to a folder of its own and is renamed into place, so stacks starting side by side (tests, bench) share them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../infra/constructs/app-function';

/** Under node_modules, as other tools keep their caches: `npm ci` starts it afresh, `.gitignore` covers it. */
export const LOCAL_CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'shutterlane-local');

const INPUTS_FILE = 'inputs.json';
const LOCKFILE = 'package-lock.json';
const DEPENDENCIES = `node_modules${path.sep}`;

/** The contents' hashes of repository files, each file read once per process. */
export class ContentHasher {
  private readonly hashes = new Map<string, Promise<string>>();

  private file(relative: string): Promise<string> {
    let hash = this.hashes.get(relative);
    if (!hash) {
      hash = readFile(path.join(REPO_ROOT, relative)).then(
        (bytes) => createHash('sha256').update(bytes).digest('hex'),
        () => 'missing',
      );
      this.hashes.set(relative, hash);
    }
    return hash;
  }

  /** One digest of the settings and the files (repository-relative; dependencies stand as the lockfile). */
  async digest(settings: string, files: readonly string[]): Promise<string> {
    const own = new Set(files.map((file) => (file.startsWith(DEPENDENCIES) ? LOCKFILE : file)));
    const sorted = [...own].sort();
    const hashes = await Promise.all(sorted.map((file) => this.file(file)));
    const digest = createHash('sha256').update(settings);
    sorted.forEach((file, i) => digest.update(`\0${file}\0${hashes[i]}`));
    return digest.digest('hex').slice(0, 20);
  }
}

/** Every file under the folders (repository-relative), for builds that read whole folders. */
export async function filesUnder(folders: readonly string[], skip: RegExp): Promise<string[]> {
  const walk = async (folder: string): Promise<string[]> => {
    const entries = await readdir(path.join(REPO_ROOT, folder), { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((entry) => {
        const relative = path.join(folder, entry.name);
        if (skip.test(relative)) return [];
        return entry.isDirectory() ? walk(relative) : [relative];
      }),
    );
    return nested.flat();
  };
  return (await Promise.all(folders.map(walk))).flat();
}

export interface CachedBuild {
  /** The folder holding the output. */
  outDir: string;
  /** Whether an earlier build was reused. */
  reused: boolean;
}

export interface CachedBuildOptions {
  /** The folder of this output's builds (one per digest). */
  dir: string;
  /** Everything besides the files that shapes the output (options, targets, settings), as text. */
  settings: string;
  hasher: ContentHasher;
  /** Builds into `outDir`; answers the files it read (repository-relative). */
  build(outDir: string): Promise<string[]>;
  /** How many builds to keep (the newest used). */
  keep?: number;
}

async function reusable(options: CachedBuildOptions): Promise<string | undefined> {
  const entries = await readdir(options.dir).catch(() => [] as string[]);
  for (const name of entries.filter((entry) => !entry.startsWith('tmp-'))) {
    const inputs = await readFile(path.join(options.dir, name, INPUTS_FILE), 'utf8').catch(() => undefined);
    if (inputs === undefined) continue;
    const files = JSON.parse(inputs) as string[];
    if ((await options.hasher.digest(options.settings, files)) === name) return path.join(options.dir, name);
  }
  return undefined;
}

/**
 * A build another stack may still be serving: every stack started within this time. A test run starts
 * stacks on ports of their own, each a web build of its own, while earlier ones keep serving theirs: a
 * build dropped for being one of many would take a running stack's pages with it.
 */
const IN_USE_MS = 24 * 60 * 60 * 1000;

/** Drops all but the newest `keep` builds (by last use), never one used within IN_USE_MS. */
async function prune(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((name) => !name.startsWith('tmp-'));
  const dated = await Promise.all(
    names.map(async (name) => ({ name, used: (await stat(path.join(dir, name))).mtimeMs })),
  );
  const usedSince = Date.now() - IN_USE_MS;
  const old = dated
    .sort((a, b) => b.used - a.used)
    .slice(keep)
    .filter(({ used }) => used < usedSince);
  await Promise.all(old.map(({ name }) => rm(path.join(dir, name), { recursive: true, force: true })));
}

/** The output for the current inputs: an earlier build's when they hash the same, else a new build. */
export async function cachedBuild(options: CachedBuildOptions): Promise<CachedBuild> {
  const kept = await reusable(options);
  const now = new Date();
  if (kept) {
    await utimes(kept, now, now);
    return { outDir: kept, reused: true };
  }
  await mkdir(options.dir, { recursive: true });
  const staging = path.join(options.dir, `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const files = await options.build(staging);
    await writeFile(path.join(staging, INPUTS_FILE), JSON.stringify(files));
    const outDir = path.join(options.dir, await options.hasher.digest(options.settings, files));
    // Another start built the same output first: keep that one.
    await rename(staging, outDir).catch((error: unknown) => {
      if (!existsSync(path.join(outDir, INPUTS_FILE))) throw error;
    });
    await utimes(outDir, now, now);
    await prune(options.dir, options.keep ?? 3);
    return { outDir, reused: false };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
