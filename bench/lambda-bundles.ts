/**
 * Each Lambda bundle built as the CDK builds it: the same esbuild options, read from the one place the
 * CDK reads them (LAMBDA_BUNDLING in infra/constructs/app-function.ts), native packages left out and
 * resolved from node_modules as the ones the CDK installs beside the bundle, the data folders the CDK
 * copies in placed at the same path. The cold-start bench (cold-start.ts) weighs and starts them.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaEsbuildOptions, REPO_ROOT, repoEntry } from '../infra/constructs/app-function';
import { FUNCTION_ACCESS, type FunctionName } from '../infra/constructs/function-access';

export interface FunctionBundle {
  name: FunctionName;
  /** The folder standing for the function's LAMBDA_TASK_ROOT. */
  taskRoot: string;
  /** `<taskRoot>/index.mjs`, the file Lambda imports. */
  file: string;
  /** Its size (the source map beside it is not loaded unless source maps are on, and not counted). */
  bytes: number;
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
  const file = path.join(taskRoot, 'index.mjs');
  await build({
    ...lambdaEsbuildOptions(access.nodeModules ?? []),
    entryPoints: [repoEntry(name)],
    outfile: file,
    logLevel: 'error',
  });
  for (const folder of access.bundledFolders ?? []) {
    const target = path.join(taskRoot, folder);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(REPO_ROOT, folder), target, 'dir');
  }
  return { name, taskRoot, file, bytes: (await stat(file)).size };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
