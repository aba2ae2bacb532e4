/**
 * Find my photos: the customer's selfie descriptor against the gallery's packed face index.
 * One S3 read loads a gallery's index (a marathon's tens of thousands of photos), kept in memory while
 * it is current. The faces table is the record; the index is rebuilt from it when the gallery's face
 * data moved on, at most every INDEX_STALE_MS for new photos, and always after a deletion (a deleted
 * photo's or a switched-off search's faces never answer again).
 */
import { FACE_DESCRIPTOR_DIMS, FACE_MATCH_THRESHOLD } from '#shared/rules/face-search';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { bucketsEnv } from '../lib/env';
import {
  emptyFaceIndex,
  packFaceIndex,
  searchFaces,
  unpackFaceIndex,
  withFaces,
  type FaceIndex,
} from '../domains/faces/face-index';
import { notFound } from '../lib/http-error';
import { listGalleryFaces } from '../domains/faces/face-store';
import type { PublicGalleryRecord } from '../domains/public-galleries/public-gallery-store';
import { headObject, readObject, writeObject } from '../lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';

/** How long an index may miss newly processed photos before a search rebuilds it. */
export const INDEX_STALE_MS = 30_000;
/** A search answers at most this many photos (closest first). */
export const MAX_MATCHES = 500;

interface LoadedIndex {
  index: FaceIndex;
  /** The gallery's facesVersion the index was built at, and when. */
  version: number;
  builtAt: number;
}

const VERSION_META = 'faces-version';
const BUILT_META = 'built-at';
const loaded = new Map<string, LoadedIndex>();
/** Galleries whose index this process holds: a handful per warm function is plenty. */
const LOADED_MAX = 20;

/** Whether an index built at `version` may answer for the gallery now. */
export function usable(
  record: PublicGalleryRecord,
  candidate: { version: number; builtAt: number },
  now: number,
) {
  if (candidate.version < record.facesDeletedVersion) return false;
  return candidate.version >= record.facesVersion || now - candidate.builtAt < INDEX_STALE_MS;
}

async function storedIndex(galleryId: string): Promise<LoadedIndex | undefined> {
  const { DERIVED_BUCKET } = bucketsEnv();
  const key = objectKeys.faceIndex(galleryId);
  const head = await headObject(DERIVED_BUCKET, key);
  const version = Number(head?.metadata?.[VERSION_META]);
  const builtAt = Number(head?.metadata?.[BUILT_META]);
  if (!head || !Number.isFinite(version) || !Number.isFinite(builtAt)) return undefined;
  const packed = await readObject(DERIVED_BUCKET, key);
  return packed && { index: unpackFaceIndex(packed), version, builtAt };
}

/** Built from the faces table at the version read before it (a photo added meanwhile makes it stale, not wrong). */
async function rebuild(record: PublicGalleryRecord, now: number): Promise<LoadedIndex> {
  const faces = await listGalleryFaces(record.galleryId, new Date(now));
  const index = withFaces(
    emptyFaceIndex(FACE_DESCRIPTOR_DIMS),
    new Map(faces.map((photo) => [photo.photoId, photo.descriptors])),
  );
  const built = { index, version: record.facesVersion, builtAt: now };
  await writeObject(
    bucketsEnv().DERIVED_BUCKET,
    objectKeys.faceIndex(record.galleryId),
    packFaceIndex(index),
    {
      contentType: 'application/octet-stream',
      metadata: { [VERSION_META]: String(built.version), [BUILT_META]: String(now) },
    },
  );
  return built;
}

export async function galleryFaceIndex(record: PublicGalleryRecord, now = Date.now()): Promise<FaceIndex> {
  const cached = loaded.get(record.galleryId);
  if (cached && usable(record, cached, now)) return cached.index;
  const stored = await storedIndex(record.galleryId);
  const current = stored && usable(record, stored, now) ? stored : await rebuild(record, now);
  if (loaded.size >= LOADED_MAX) loaded.clear();
  loaded.set(record.galleryId, current);
  return current.index;
}

/** The matching photos, closest first: ids only, never a distance or anyone's descriptor. */
export async function findPhotos(
  record: PublicGalleryRecord,
  descriptor: readonly number[],
): Promise<string[]> {
  if (!record.faceSearch.enabled) throw notFound(publicGalleryErrors.faceSearchOff);
  const index = await galleryFaceIndex(record);
  return searchFaces(index, Float32Array.from(descriptor), FACE_MATCH_THRESHOLD).slice(0, MAX_MATCHES);
}
