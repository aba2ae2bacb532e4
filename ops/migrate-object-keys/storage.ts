/**
 * Points the functions' storage code (functions/lib/env.ts reads the names from the environment) at a
 * deployment's buckets and photos table, or at the running local stack as `npm start` recorded it.
 */
import { BUCKETS, TABLES } from '#shared/platform/storage-layout';
import { placeholderTableNames, useLocalStack } from '../local-stack-env';
import type { StorageNames } from './flags';

function useDeployment(names: StorageNames): void {
  // Only the photos table is read.
  placeholderTableNames();
  process.env[TABLES.photos.envVar] = names.photosTable;
  process.env[BUCKETS.originals.envVar] = names.originalsBucket;
  process.env[BUCKETS.derived.envVar] = names.derivedBucket;
}

export async function useStorage(names: StorageNames | undefined): Promise<void> {
  if (names) useDeployment(names);
  else
    await useLocalStack(
      'No names given and no local stack found: start it with `npm start`, or pass the names',
    );
}
