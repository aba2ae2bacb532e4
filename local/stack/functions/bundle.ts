/**
 * Builds each function as a deployment packages it (lambdaEsbuildOptions in
 * infra/constructs/app-function.ts: an ESM entry `index.mjs` with its chunks, native packages left out
 * and resolved from node_modules like the ones installed beside the package, data folders at their
 * repository path), so the local stack runs what a
 * deployment runs, not the source files. Also builds the small runtime each worker starts with.
 */
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import {
  ESM_REQUIRE_BANNER,
  lambdaEsbuildOptions,
  REPO_ROOT,
  repoEntry,
} from '../../../infra/constructs/app-function';
import { FUNCTION_ACCESS, type FunctionName } from '../../../infra/constructs/function-access';

export interface FunctionBundles {
  /** The folder standing for each function's LAMBDA_TASK_ROOT, holding `index.mjs`. */
  taskRoot(name: string): string;
  /** The worker's runtime client. */
  runtime: string;
}

const RUNTIME_ENTRY = path.join(REPO_ROOT, 'local', 'stack', 'functions', 'runtime.ts');

/** Every app function whose handler exists, as the CDK app would deploy it. */
export function appFunctionNames(): FunctionName[] {
  return (Object.keys(FUNCTION_ACCESS) as FunctionName[]).filter((name) => existsSync(repoEntry(name)));
}

/**
 * Bundles each named function into `<outDir>/<name>/` (`index.mjs` and its chunks; esbuild runs in its
 * own process, so this overlaps the synthesis) and the runtime client.
 */
export async function bundleFunctions(
  names: readonly FunctionName[],
  outDir: string,
): Promise<FunctionBundles> {
  await rm(outDir, { recursive: true, force: true });
  // This machine's Node; Lambda runs 22 and the deployment targets node22.
  const target = `node${process.versions.node.split('.')[0]}`;
  await Promise.all([
    ...names.map((name) =>
      build({
        ...lambdaEsbuildOptions(FUNCTION_ACCESS[name].nodeModules ?? []),
        entryPoints: [{ in: repoEntry(name), out: 'index' }],
        outdir: path.join(outDir, name),
        target,
        logLevel: 'error',
      }),
    ),
    build({
      entryPoints: [RUNTIME_ENTRY],
      outfile: path.join(outDir, 'runtime.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target,
      banner: { js: ESM_REQUIRE_BANNER },
      logLevel: 'error',
    }),
  ]);
  await Promise.all(names.flatMap((name) => linkBundledFolders(name, path.join(outDir, name))));
  return { taskRoot: (name) => path.join(outDir, name), runtime: path.join(outDir, 'runtime.mjs') };
}

/** The repository folders the CDK copies into the package (e.g. the content dataset), linked here. */
function linkBundledFolders(name: FunctionName, taskRoot: string): Promise<void>[] {
  return (FUNCTION_ACCESS[name].bundledFolders ?? []).map(async (folder) => {
    const target = path.join(taskRoot, folder);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(REPO_ROOT, folder), target, 'dir');
  });
}
