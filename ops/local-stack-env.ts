/**
 * How an operator command finds its storage: the names given on the command line, or those of the
 * running local stack, which `npm start` writes to the data folder as the operator's environment.
 * This module sets where that is, and the local stack follows it (operator commands import nothing
 * from the local stack).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TABLES } from '#shared/platform/storage-layout';

/** Run-time data of `npm start` (gitignored; `npm run reset` deletes it). */
export const DATA_DIR = path.resolve(process.env.SHUTTERLANE_DATA_DIR ?? '.data');

export const OPERATOR_ENV_FILE = 'operator-env.json';

/** Takes the running local stack's names (and its operator credentials); `missing` says what to do without one. */
export async function useLocalStack(missing: string): Promise<void> {
  let env: Record<string, string>;
  try {
    env = JSON.parse(await readFile(path.join(DATA_DIR, OPERATOR_ENV_FILE), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    throw new Error(missing);
  }
  Object.assign(process.env, env);
}

/** The storage layout reads every table's name as one group: the ones a command does not use get a placeholder. */
export function placeholderTableNames(): void {
  for (const def of Object.values(TABLES)) process.env[def.envVar] ??= '-';
}
