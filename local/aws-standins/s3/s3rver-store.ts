/**
 * Makes s3rver's filesystem store behave as S3 under concurrent requests.
 *
 * S3 answers every request on one key as if they came one at a time: a PUT is atomic (a reader sees
 * the old object or the new one, never part of one), and a listing or a write never fails because a
 * neighbouring key is written or deleted at that moment. s3rver's store does none of that:
 * - a PUT writes the object file in place and answers before the file is written, then writes the
 *   ETag and the headers beside it, so a GET or a listing in between reads a short file or half a
 *   JSON document (an InternalError, or a GET that never ends);
 * - a delete removes the key's folders once empty, so a PUT into the same folder at that moment loses
 *   its folder between creating it and writing (ENOENT, unhandled in s3rver's write stream);
 * - a listing walks the folders, and fails when one goes while it walks.
 * Here every operation on a key holds that key's lock (a copy holds both keys'); a PUT's body is written
 * to a file of its own first and renamed into place under the lock, so a slow upload holds no reader up
 * and an interrupted one leaves the old object; a delete leaves empty folders (a listing yields only
 * objects, so they are invisible); and a listing that raced a delete walks again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

type FilesystemStore = S3rver['store'];
type StoredObject = Parameters<FilesystemStore['putObject']>[0];

const LISTING_ATTEMPTS = 5;
const OBJECT_FILES = ['object', 'object.md5', 'metadata.json'];

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** One operation at a time per key, in the order they came. */
class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async holding<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    // Always taken in the same order, so two copies between the same keys cannot wait on each other.
    const releases: (() => void)[] = [];
    for (const key of [...new Set(keys)].sort()) releases.push(await this.acquire(key));
    try {
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

/** Writes a body to `file` in full; its size and MD5 (the ETag). */
async function writeBody(
  content: StoredObject['content'],
  file: string,
): Promise<{ size: number; md5: string }> {
  const md5 = createHash('md5');
  if (Buffer.isBuffer(content)) {
    await writeFile(file, content);
    return { size: content.length, md5: md5.update(content).digest('hex') };
  }
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(content, measure, createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}

export function hardenStore(store: FilesystemStore): void {
  const original = Object.getPrototypeOf(store) as FilesystemStore;
  const locks = new KeyLocks();
  const id = (bucket: string, key: string) => `${bucket}/${key}`;
  // s3rver's own methods, run under a lock already held: their inner reads must not wait for it again.
  const unlocked: FilesystemStore = Object.create(store) as FilesystemStore;
  unlocked.getMetadata = original.getMetadata.bind(unlocked);

  store.getMetadata = (bucket, key) =>
    locks.holding([id(bucket, key)], () => original.getMetadata.call(unlocked, bucket, key));
  store.getObject = (bucket, key, options) =>
    locks.holding([id(bucket, key)], () => original.getObject.call(unlocked, bucket, key, options));
  store.copyObject = (srcBucket, srcKey, destBucket, destKey, replacement) =>
    locks.holding([id(srcBucket, srcKey), id(destBucket, destKey)], () =>
      original.copyObject.call(unlocked, srcBucket, srcKey, destBucket, destKey, replacement),
    );
  store.deleteObject = (bucket, key) =>
    locks.holding([id(bucket, key)], async () => {
      await Promise.all(
        OBJECT_FILES.map((file) => rm(store.getResourcePath(bucket, key, file), { force: true })),
      );
    });
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    // Not named like an object, so a listing passes over it.
    const upload = `${objectPath}.${randomUUID()}.upload`;
    try {
      const written = await writeBody(object.content, upload);
      return await locks.holding([id(object.bucket, object.key)], async () => {
        await rename(upload, objectPath);
        await original.putMetadata.call(unlocked, object.bucket, object.key, object.metadata, written.md5);
        return written;
      });
    } finally {
      await rm(upload, { force: true });
    }
  };

  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await listObjects(bucket, options);
      } catch (error) {
        // A file renamed or unlinked between the walk's readdir and its stat: the next walk sees the change.
        if (!isMissing(error) || attempt === LISTING_ATTEMPTS) throw error;
      }
    }
  };
}
