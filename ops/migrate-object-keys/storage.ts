/**
 * Points the functions' storage code (functions/lib/env.ts reads the names from the environment) at a
 * deployment's buckets and photos table, or at the running local stack as `npm start` recorded it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, TABLES } from '../../functions/lib/storage-layout';
import { DATA_DIR } from '../../local/config';
import { OPERATOR_ENV_FILE } from '../invite';
import type { StorageNames } from './flags';

async function useLocalStack(): Promise<void> {
  let env: Record<string, string>;
  try {
    env = JSON.parse(await readFile(path.join(DATA_DIR, OPERATOR_ENV_FILE), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    throw new Error('No names given and no local stack found: start it with `npm start`, or pass the names');
  }
  Object.assign(process.env, env);
}

function useDeployment(names: StorageNames): void {
  // Only the photos table is read; the other names are unused but parsed as one group.
  for (const def of Object.values(TABLES)) process.env[def.envVar] ??= '-';
  process.env[TABLES.photos.envVar] = names.photosTable;
  process.env[BUCKETS.originals.envVar] = names.originalsBucket;
  process.env[BUCKETS.derived.envVar] = names.derivedBucket;
}

export async function useStorage(names: StorageNames | undefined): Promise<void> {
  if (names) useDeployment(names);
  else await useLocalStack();
}
