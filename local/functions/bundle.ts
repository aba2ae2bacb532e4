/**
 * Builds each function as the CDK does (one standalone ESM bundle per function, the same entry, the
 * `require` banner, native packages left out and resolved from node_modules like the ones the CDK
 * installs beside the bundle, data folders at their repository path), so the local stack runs what a
 * deployment runs, not the source files. Also builds the small runtime each worker starts with.
 */
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER, REPO_ROOT } from '../../infra/constructs/app-function';
import { FUNCTION_ACCESS } from '../../infra/constructs/function-access';
import type { LocalFunctionDef } from './definitions';

export interface FunctionBundles {
  /** The folder standing for each function's LAMBDA_TASK_ROOT, holding `index.mjs`. */
  taskRoot(name: string): string;
  /** The worker's runtime client. */
  runtime: string;
}

const RUNTIME_ENTRY = path.join(REPO_ROOT, 'local', 'functions', 'runtime.ts');

/** Bundles every function into `<outDir>/<name>/index.mjs` (one esbuild run) and the runtime client. */
export async function bundleFunctions(
  definitions: LocalFunctionDef[],
  outDir: string,
): Promise<FunctionBundles> {
  await rm(outDir, { recursive: true, force: true });
  const names = [...new Set(definitions.map((definition) => definition.name))];
  const external = [...new Set(names.flatMap((name) => FUNCTION_ACCESS[name].nodeModules ?? []))];
  await build({
    entryPoints: [
      ...definitions.map((definition) => ({ in: definition.entry, out: `${definition.name}/index` })),
      { in: RUNTIME_ENTRY, out: 'runtime' },
    ],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // This machine's Node; Lambda runs 22 and the CDK targets node22.
    target: `node${process.versions.node.split('.')[0]}`,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    external,
    sourcemap: 'linked',
    logLevel: 'error',
  });
  await Promise.all(names.flatMap((name) => linkBundledFolders(name, path.join(outDir, name))));
  return { taskRoot: (name) => path.join(outDir, name), runtime: path.join(outDir, 'runtime.mjs') };
}

/** The repository folders the CDK copies into the package (e.g. the content dataset), linked here. */
function linkBundledFolders(name: LocalFunctionDef['name'], taskRoot: string): Promise<void>[] {
  return (FUNCTION_ACCESS[name].bundledFolders ?? []).map(async (folder) => {
    const target = path.join(taskRoot, folder);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(REPO_ROOT, folder), target, 'dir');
  });
}
