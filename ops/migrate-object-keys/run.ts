/**
 * `npm run migrate:object-keys`: moves the objects stored under the earlier keys, which named the seller,
 * to the current keys (shared/platform/storage-layout.ts). No record holds a key (keys are computed from
 * gallery and photo ids), so moving the objects is the whole migration; the photo records decide what
 * moves: only an object whose record belongs to the seller its key names. The others (no record: a photo
 * deleted while its files stayed; another owner) are listed and left for an operator. Each object is
 * copied (type, caching and metadata kept) and then deleted, so a run stopped half-way is finished by the
 * next one, and a run with nothing left to move changes nothing.
 *
 * Copying an original to its new key is an upload to the resize trigger: it derives the copies again
 * (same bytes) and finds the photo READY, so nothing is counted twice; a photo uploaded through a URL
 * issued before the deploy (still at the earlier key, never processed) is processed then.
 */
import { CopyObjectCommand, DeleteObjectCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { bucketsEnv } from '../../functions/lib/env';
import { getPhoto } from '../../functions/domains/galleries/photo-store';
import { s3 } from '../../functions/lib/s3';
import { BUCKETS } from '#shared/platform/storage-layout';
import type { MigrationFlags } from './flags';
import { DERIVED_PREFIXES, legacyObject, type BucketName, type LegacyObject } from './legacy-keys';

export interface OutputWriter {
  write(text: string): unknown;
}

export interface LeftObject {
  object: LegacyObject;
  reason: string;
}

export interface MigrationResult {
  dryRun: boolean;
  /** Moved (in a dry run: would be moved). */
  moved: LegacyObject[];
  /** Left where they are, with the reason. */
  left: LeftObject[];
}

/** Objects handled at once: S3 takes thousands of requests a second per prefix. */
const CONCURRENCY = 8;

const bucketName = (bucket: BucketName): string => bucketsEnv()[BUCKETS[bucket].envVar];

/** Where each bucket's earlier keys can be: anywhere among the originals, under a prefix for the copies. */
const LISTINGS: { bucket: BucketName; prefix?: string }[] = [
  { bucket: 'originals' },
  ...Object.keys(DERIVED_PREFIXES).map((prefix) => ({ bucket: 'derived' as const, prefix: `${prefix}/` })),
];

async function* legacyObjects(): AsyncGenerator<LegacyObject[]> {
  for (const { bucket, prefix } of LISTINGS) {
    const pages = paginateListObjectsV2({ client: s3() }, { Bucket: bucketName(bucket), Prefix: prefix });
    for await (const page of pages) {
      const found = (page.Contents ?? []).flatMap((object) => {
        const legacy = object.Key === undefined ? null : legacyObject(bucket, object.Key);
        return legacy ? [legacy] : [];
      });
      if (found.length > 0) yield found;
    }
  }
}

/** Why the object stays where it is, or undefined when its record belongs to the seller its key names. */
function ownerCheck(owners: Map<string, Promise<string | undefined>>, object: LegacyObject) {
  const id = `${object.galleryId}/${object.photoId}`;
  let owner = owners.get(id);
  if (!owner) {
    owner = getPhoto(object.galleryId, object.photoId).then((photo) => photo?.userId);
    owners.set(id, owner);
  }
  return owner.then((userId) => {
    if (userId === undefined) return 'no photo record';
    return userId === object.sellerId ? undefined : 'the photo record belongs to another seller';
  });
}

async function move(object: LegacyObject): Promise<void> {
  const bucket = bucketName(object.bucket);
  const source = `${bucket}/${object.key.split('/').map(encodeURIComponent).join('/')}`;
  await s3().send(new CopyObjectCommand({ Bucket: bucket, Key: object.newKey, CopySource: source }));
  await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: object.key }));
}

/** Runs `work` a few at a time and answers in the items' order, so the report is the same on every run. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY)
    results.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(work))));
  return results;
}

export async function migrateObjectKeys(flags: MigrationFlags, out: OutputWriter): Promise<MigrationResult> {
  const result: MigrationResult = { dryRun: flags.dryRun, moved: [], left: [] };
  const owners = new Map<string, Promise<string | undefined>>();
  const verb = flags.dryRun ? 'would move' : 'moved';
  for await (const batch of legacyObjects()) {
    const outcomes = await inBatches(batch, async (object) => {
      const reason = await ownerCheck(owners, object);
      if (!reason && !flags.dryRun) await move(object);
      return { object, reason };
    });
    for (const { object, reason } of outcomes) {
      if (reason) {
        result.left.push({ object, reason });
        out.write(`left ${object.bucket} ${object.key}: ${reason}\n`);
      } else {
        result.moved.push(object);
        out.write(`${verb} ${object.bucket} ${object.key} -> ${object.newKey}\n`);
      }
    }
  }
  out.write(summary(result));
  return result;
}

function summary({ dryRun, moved, left }: MigrationResult): string {
  if (moved.length === 0 && left.length === 0) return 'No object under the earlier keys: nothing to do.\n';
  const counts = `${dryRun ? 'Would move' : 'Moved'} ${moved.length} objects, left ${left.length}`;
  return `${counts}${dryRun ? ' (dry run: nothing changed)' : ''}.\n`;
}
