/**
 * Builds every function with the deployment's esbuild options (lambdaEsbuildOptions in
 * infra/constructs/app-function.ts: minified ESM split into chunks, native packages left out and resolved
 * from node_modules like the ones installed beside a package, data folders at their repository path), so
 * the local stack runs bundled code as a deployment does, not the source files. All functions are one
 * esbuild run, each entry written as `<name>/index.mjs`: esbuild reads and parses the code they share (the
 * AWS SDK, the domains) once, about 3 s of CPU where a run per function took 22 s on a first start. What
 * differs from a deployment's packages: the entries share their chunks (each function still runs in a
 * worker of its own, so no module state is shared), and every function leaves out the packages any one
 * leaves out (they resolve from the project's node_modules either way). Also builds the small runtime each
 * worker starts with. Both are kept while the files they were built from are unchanged (build-cache.ts).
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
  /** Whether an earlier start had built the functions from the same sources. */
  reused: boolean;
}

const RUNTIME_ENTRY = path.join(REPO_ROOT, 'local', 'stack', 'functions', 'runtime.ts');
const BUNDLES_DIR = path.join(LOCAL_CACHE_DIR, 'functions');

/** Every app function whose handler exists, as the CDK app would deploy it. */
export function appFunctionNames(): FunctionName[] {
  return (Object.keys(FUNCTION_ACCESS) as FunctionName[]).filter((name) => existsSync(repoEntry(name)));
}

/** The repository files esbuild read for a bundle (its metafile's inputs; paths from the repository root). */
const inputsOf = (result: BuildResult<{ metafile: true }>) => Object.keys(result.metafile.inputs);

/** The options of the functions' build, as the deployment packages each, for this machine's Node. */
function functionsBuild(names: readonly FunctionName[], target: string): BuildOptions {
  const leftOut = new Set(names.flatMap((name) => FUNCTION_ACCESS[name].nodeModules ?? []));
  return {
    ...lambdaEsbuildOptions([...leftOut].sort()),
    entryPoints: names.map((name) => ({ in: repoEntry(name), out: `${name}/index` })),
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
 * Bundles the named functions (esbuild runs in its own process, so this overlaps the synthesis) and the
 * runtime client, reusing what an earlier start built from the same sources.
 */
export async function bundleFunctions(names: readonly FunctionName[]): Promise<FunctionBundles> {
  // This machine's Node; Lambda runs 22 and the deployment targets node22.
  const target = `node${process.versions.node.split('.')[0]}`;
  const hasher = new ContentHasher();
  const [runtime, functions] = await Promise.all([
    bundle(path.join(BUNDLES_DIR, 'runtime'), runtimeBuild(target), hasher),
    bundle(path.join(BUNDLES_DIR, 'app'), functionsBuild(names, target), hasher, async (outDir) => {
      await Promise.all(names.map((name) => linkBundledFolders(name, path.join(outDir, name))));
    }),
  ]);
  const built = new Set<string>(names);
  return {
    taskRoot: (name) => {
      if (!built.has(name)) throw new Error(`No bundle was built for ${name}`);
      return path.join(functions.outDir, name);
    },
    runtime: path.join(runtime.outDir, 'runtime.mjs'),
    reused: functions.reused,
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
