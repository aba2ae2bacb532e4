/**
 * Makes s3rver's filesystem store safe under concurrent writes, as S3 is.
 *
 * s3rver removes a key's directories once a delete leaves them empty. A put into the same folder at
 * that moment loses its directory between creating it and writing the file, and fails with ENOENT
 * (unhandled in s3rver's write stream, so it can take the process down); a listing that walks a
 * folder while it is removed fails too. S3 has no folders: a put and a delete of neighbouring keys,
 * or a listing during either, always succeed. Here a delete leaves empty folders behind (a listing
 * only yields files, so they are invisible), and a listing that raced a delete walks again.
 */
import { unlink } from 'node:fs/promises';
import type S3rver from 's3rver';

type FilesystemStore = S3rver['store'];

const LISTING_ATTEMPTS = 5;

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function unlinkIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

export function hardenStore(store: FilesystemStore): void {
  store.deleteObject = async (bucket, key) => {
    const resources = ['object', 'object.md5', 'metadata.json'];
    await Promise.all(
      resources.map((resource) => unlinkIfPresent(store.getResourcePath(bucket, key, resource))),
    );
  };
  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await listObjects(bucket, options);
      } catch (error) {
        // A file unlinked between the walk's readdir and its stat: the next walk no longer sees it.
        if (!isMissing(error) || attempt === LISTING_ATTEMPTS) throw error;
      }
    }
  };
}
