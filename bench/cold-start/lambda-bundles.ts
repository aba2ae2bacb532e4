/**
 * Each Lambda package built as a deployment builds it: the same esbuild options, from the one place
 * AppFunction reads them (lambdaEsbuildOptions in infra/constructs/app-function.ts): an ESM entry
 * `index.mjs` and its chunks, native packages left out and resolved from node_modules as the ones
 * installed beside the package, the data folders copied in placed at the same path. The cold-start
 * bench (cold-start.ts) weighs and starts them. esbuild's metafile says which chunk imports which, so a
 * package is weighed three ways: what a cold start loads (the entry and its static imports), what a
 * path loads (that plus the chunks behind the dynamic imports it takes), and all of it.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaEsbuildOptions, REPO_ROOT, repoEntry } from '../../infra/constructs/app-function';
import { FUNCTION_ACCESS, type FunctionName } from '../../infra/constructs/function-access';

export interface FunctionBundle {
  name: FunctionName;
  /** The folder standing for the function's LAMBDA_TASK_ROOT. */
  taskRoot: string;
  /** `<taskRoot>/index.mjs`, the file Lambda imports. */
  file: string;
  /** The entry and every chunk it imports statically: what importing the handler loads. */
  entryBytes: number;
  /** Every JavaScript file of the package (source maps, not loaded, are not counted). */
  totalBytes: number;
  /**
   * What loading the entry, then the modules of these repository files (as a path's dynamic
   * imports do), loads: the chunks they are in and those chunks' static imports.
   */
  bytesWith(sources: readonly string[]): number;
}

/**
 * Inside the repository, so a bundle's external `sharp` resolves as it does beside node_modules in
 * Lambda; one folder per checkout (worktrees may share node_modules).
 */
const OUT_DIR = path.join(
  REPO_ROOT,
  'node_modules',
  '.cache',
  'shutterlane-bench',
  `lambda-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`,
);

export async function buildFunctionBundle(name: FunctionName): Promise<FunctionBundle> {
  const access = FUNCTION_ACCESS[name];
  const taskRoot = path.join(OUT_DIR, name);
  await rm(taskRoot, { recursive: true, force: true });
  const { metafile } = await build({
    ...lambdaEsbuildOptions(access.nodeModules ?? []),
    entryPoints: [{ in: repoEntry(name), out: 'index' }],
    outdir: taskRoot,
    absWorkingDir: REPO_ROOT,
    metafile: true,
    logLevel: 'error',
  });
  for (const folder of access.bundledFolders ?? []) {
    const target = path.join(taskRoot, folder);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(REPO_ROOT, folder), target, 'dir');
  }
  const entry = outputOf(metafile, path.relative(REPO_ROOT, repoEntry(name)));
  const bytesOf = (outputs: Iterable<string>) =>
    [...outputs].reduce((sum, output) => sum + metafile.outputs[output]!.bytes, 0);
  return {
    name,
    taskRoot,
    file: path.join(taskRoot, 'index.mjs'),
    entryBytes: bytesOf(staticClosure(metafile, [entry])),
    totalBytes: bytesOf(Object.keys(metafile.outputs).filter((output) => output.endsWith('.mjs'))),
    bytesWith: (sources) =>
      bytesOf(staticClosure(metafile, [entry, ...sources.map((source) => outputOf(metafile, source))])),
  };
}

/** The output file holding a source file's module (a dynamic import's target is an entry of its own). */
function outputOf(metafile: Metafile, source: string): string {
  const found = Object.entries(metafile.outputs).find(
    // Paths as esbuild names them (node_modules may be a link, so a package's file is matched by its end).
    ([output, meta]) =>
      output.endsWith('.mjs') &&
      (meta.entryPoint?.endsWith(source) || Object.keys(meta.inputs).some((input) => input.endsWith(source))),
  );
  if (!found) throw new Error(`${source} is in no output file of the package`);
  return found[0];
}

/** The outputs and every output they import statically, transitively (dynamic imports not followed). */
function staticClosure(metafile: Metafile, outputs: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  outputs.forEach(visit);
  return seen;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
