/**
 * How the run's suite stacks reach the test workers (local/harness/global-stack.ts writes, and
 * local/harness/worker-stack.ts reads): a file per worker's stack, written whole once the stack is seeded
 * or failed, and its companion that the worker writes when it first needs the stack.
 */
import { existsSync } from 'node:fs';
import type { SharedStack } from './global-stack';

/** What a stack file holds once its stack started or failed to. */
export type StackFile = { ready: SharedStack } | { failed: string };

export const wantedFile = (file: string) => `${file}.wanted`;

/** How often a side looks for the other's file: a stack takes seconds to start, a file no time to read. */
const LOOK_EVERY_MS = 250;

/**
 * Resolves true once `file` exists, or false as soon as `giveUp()` says so (checked before each look):
 * the one handover in both directions, main process and workers being separate processes.
 */
export async function untilExists(file: string, giveUp: () => boolean): Promise<boolean> {
  while (!existsSync(file)) {
    if (giveUp()) return false;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
  return true;
}
