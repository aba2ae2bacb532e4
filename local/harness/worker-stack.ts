/**
 * The local stack of this test file's worker (local/harness/global-stack.ts starts one per worker): the
 * worker whose VITEST_POOL_ID is n has the n-th, and runs one file at a time on it.
 */
import { inject } from 'vitest';
import type { SharedStack } from './global-stack';

export function localStack(): SharedStack {
  const stacks = inject('localStacks');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const stack = stacks[poolId - 1];
  if (!stack) throw new Error(`no local stack for worker ${poolId} (${stacks.length} started)`);
  return stack;
}
