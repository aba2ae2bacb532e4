/**
 * How the run's suite stacks reach the test workers (local/harness/global-stack.ts writes, and
 * local/harness/worker-stack.ts reads): a file per worker's stack, written whole once the stack is seeded
 * or failed, and its companion that the worker writes when it first needs the stack.
 */
import type { SharedStack } from './global-stack';

/** What a stack file holds once its stack started or failed to. */
export type StackFile = { ready: SharedStack } | { failed: string };

export const wantedFile = (file: string) => `${file}.wanted`;
