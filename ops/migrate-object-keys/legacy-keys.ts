/**
 * The object keys of the earlier layout, which put the seller's id first, and where each object
 * belongs in the current one (shared/platform/storage-layout.ts): originals were at
 * `{sellerId}/{galleryId}/{photoId}`, the copies at `thumbnails|optimized/{sellerId}/{galleryId}/{photoId}.jpg`.
 */
import type { BUCKETS } from '#shared/platform/storage-layout';
import { KEY_SEGMENT, objectKeys, parseOriginalKey } from '#shared/platform/storage-layout';

export type BucketName = keyof typeof BUCKETS;

/** An object stored under the earlier layout: its key, the key it moves to, and what the key named. */
export interface LegacyObject {
  bucket: BucketName;
  key: string;
  newKey: string;
  sellerId: string;
  galleryId: string;
  photoId: string;
}

/** The derived copies' prefixes, which both layouts share. */
export const DERIVED_PREFIXES = {
  thumbnails: objectKeys.thumbnail,
  optimized: objectKeys.optimized,
} as const;

const areIds = (parts: readonly string[]): boolean => parts.every((part) => KEY_SEGMENT.test(part));

function legacyOriginal(key: string): LegacyObject | null {
  const parts = key.split('/');
  // A current original (`photos/...`) has three segments too: it is not the earlier layout.
  if (parts.length !== 3 || !areIds(parts) || parseOriginalKey(key)) return null;
  const [sellerId, galleryId, photoId] = parts as [string, string, string];
  return {
    bucket: 'originals',
    key,
    newKey: objectKeys.original(galleryId, photoId),
    sellerId,
    galleryId,
    photoId,
  };
}

function legacyCopy(key: string): LegacyObject | null {
  const parts = key.split('/');
  if (parts.length !== 4 || !Object.hasOwn(DERIVED_PREFIXES, parts[0]!) || !parts[3]!.endsWith('.jpg'))
    return null;
  const [prefix, sellerId, galleryId, file] = parts as [
    keyof typeof DERIVED_PREFIXES,
    string,
    string,
    string,
  ];
  const photoId = file.slice(0, -'.jpg'.length);
  if (!areIds([sellerId, galleryId, photoId])) return null;
  const newKey = DERIVED_PREFIXES[prefix](galleryId, photoId);
  return { bucket: 'derived', key, newKey, sellerId, galleryId, photoId };
}

/** The object's place in the current layout when `key` is of the earlier one; null for any other key. */
export function legacyObject(bucket: BucketName, key: string): LegacyObject | null {
  return bucket === 'originals' ? legacyOriginal(key) : legacyCopy(key);
}
