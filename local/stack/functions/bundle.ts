/**
 * Builds each function as a deployment packages it (lambdaEsbuildOptions in
 * infra/constructs/app-function.ts: an ESM entry `index.mjs` with its chunks, native packages left out
 * and resolved from node_modules like the ones installed beside the package, data folders at their
 * repository path), so the local stack runs what a
 * deployment runs, not the source files. Also builds the small runtime each worker starts with. Each bundle
 * is kept while the files it was built from are unchanged (local/build-cache.ts).
 */
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from 'esbuild';
import { existsSync } from 'node:fs';
import {
  ESM_REQUIRE_BANNER,
  lambdaEsbuildOptions,
  REPO_ROOT,
  repoEntry,
} from '../../../infra/constructs/app-function';
import { FUNCTION_ACCESS, type FunctionName } from '../../../infra/constructs/function-access';
import { cachedBuild, ContentHasher, LOCAL_CACHE_DIR } from '../build-cache';

export interface FunctionBundles {
  /** The folder standing for each function's LAMBDA_TASK_ROOT, holding `index.mjs`. */
  taskRoot(name: string): string;
  /** The worker's runtime client. */
  runtime: string;
  /** How many of the bundles an earlier start had built from the same sources. */
  reused: number;
}

const RUNTIME_ENTRY = path.join(REPO_ROOT, 'local', 'stack', 'functions', 'runtime.ts');
const BUNDLES_DIR = path.join(LOCAL_CACHE_DIR, 'functions');

/** Every app function whose handler exists, as the CDK app would deploy it. */
export function appFunctionNames(): FunctionName[] {
  return (Object.keys(FUNCTION_ACCESS) as FunctionName[]).filter((name) => existsSync(repoEntry(name)));
}

/** The repository files esbuild read for a bundle (its metafile's inputs; paths from the repository root). */
const inputsOf = (result: BuildResult<{ metafile: true }>) => Object.keys(result.metafile.inputs);

/** The options of a function's bundle, as the deployment packages it, for this machine's Node. */
function functionBuild(name: FunctionName, target: string): BuildOptions {
  return {
    ...lambdaEsbuildOptions(FUNCTION_ACCESS[name].nodeModules ?? []),
    entryPoints: [{ in: repoEntry(name), out: 'index' }],
    target,
    logLevel: 'error',
  };
}

function runtimeBuild(target: string): BuildOptions {
  return {
    entryPoints: [RUNTIME_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    target,
    banner: { js: ESM_REQUIRE_BANNER },
    logLevel: 'error',
  };
}

/** Builds with `options` into `outDir` (kept while its sources are unchanged); `then` finishes the folder. */
function bundle(
  dir: string,
  options: BuildOptions,
  hasher: ContentHasher,
  then: (outDir: string) => Promise<void> = async () => undefined,
) {
  return cachedBuild({
    dir,
    settings: JSON.stringify(options),
    hasher,
    build: async (outDir) => {
      const result = await build({ ...options, outdir: outDir, absWorkingDir: REPO_ROOT, metafile: true });
      await then(outDir);
      return inputsOf(result);
    },
  });
}

/**
 * Bundles each named function into a folder of its own (`index.mjs` and its chunks; esbuild runs in its
 * own process, so this overlaps the synthesis) and the runtime client, reusing what an earlier start built
 * from the same sources.
 */
export async function bundleFunctions(names: readonly FunctionName[]): Promise<FunctionBundles> {
  // This machine's Node; Lambda runs 22 and the deployment targets node22.
  const target = `node${process.versions.node.split('.')[0]}`;
  const hasher = new ContentHasher();
  const [runtime, ...functions] = await Promise.all([
    bundle(path.join(BUNDLES_DIR, 'runtime'), runtimeBuild(target), hasher),
    ...names.map((name) =>
      bundle(path.join(BUNDLES_DIR, name), functionBuild(name, target), hasher, (outDir) =>
        linkBundledFolders(name, outDir),
      ),
    ),
  ]);
  const taskRoots = new Map(names.map((name, i) => [name as string, functions[i]!.outDir]));
  return {
    taskRoot: (name) => {
      const taskRoot = taskRoots.get(name);
      if (!taskRoot) throw new Error(`No bundle was built for ${name}`);
      return taskRoot;
    },
    runtime: path.join(runtime!.outDir, 'runtime.mjs'),
    reused: functions.filter((fn) => fn.reused).length,
  };
}

/** The repository folders the CDK copies into the package (e.g. the content dataset), linked here. */
async function linkBundledFolders(name: FunctionName, taskRoot: string): Promise<void> {
  await Promise.all(
    (FUNCTION_ACCESS[name].bundledFolders ?? []).map(async (folder) => {
      const target = path.join(taskRoot, folder);
      await mkdir(path.dirname(target), { recursive: true });
      await symlink(path.join(REPO_ROOT, folder), target, 'dir');
    }),
  );
}
