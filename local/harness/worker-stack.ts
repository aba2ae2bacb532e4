/**
 * The local stack of this test file's worker (local/harness/global-stack.ts starts one per worker): the
 * worker whose VITEST_POOL_ID is n has the n-th, and runs one file at a time on it. The stacks start one
 * after another, each once its worker asks for it, while the first worker's files already run: a file
 * waits for its worker's stack (`awaitLocalStack`, in the suites' setup file) before anything reads it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { SharedStack } from './global-stack';
import { untilExists, wantedFile, type StackFile } from './stack-files';

/** A stack that is not seeded after this long will not be: its start hangs. */
const STACK_START_DEADLINE_MS = 10 * 60_000;

function stackFile(): string {
  const files = inject('localStackFiles');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const file = files[poolId - 1];
  if (!file) throw new Error(`no local stack for worker ${poolId} (${files.length} started)`);
  return file;
}

/** By stack file: a worker process runs file after file (the suites are not isolated), each reading it once. */
const ready = new Map<string, SharedStack>();

function readStack(file: string): SharedStack {
  const content = JSON.parse(readFileSync(file, 'utf8')) as StackFile;
  if ('failed' in content) throw new Error(`this worker's local stack did not start: ${content.failed}`);
  return content.ready;
}

/** Resolves once this worker's stack is seeded; rejects if it failed to start. */
export async function awaitLocalStack(): Promise<SharedStack> {
  const file = stackFile();
  // The run starts a worker's stack once the worker asks for it (local/harness/global-stack.ts).
  if (!existsSync(file)) await writeFile(wantedFile(file), '');
  const deadline = Date.now() + STACK_START_DEADLINE_MS;
  if (!(await untilExists(file, () => Date.now() > deadline))) {
    throw new Error(`this worker's local stack did not start within 10 minutes`);
  }
  return localStack();
}

export function localStack(): SharedStack {
  const file = stackFile();
  let stack = ready.get(file);
  if (!stack) ready.set(file, (stack = readStack(file)));
  return stack;
}
