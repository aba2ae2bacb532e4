/**
 * Faces table: the face descriptors of one photo per item, float32 packed, for the galleries
 * whose face search is on. The search reads them through the packed index (functions/domains/faces/face-index.ts),
 * rebuilt from here; this table is what deleting a photo, a gallery or the search removes.
 */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { deleteItems, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

export interface PhotoFaces {
  photoId: string;
  descriptors: Float32Array[];
}

const pack = (descriptors: Float32Array[]): Uint8Array => {
  const all = new Float32Array(descriptors.reduce((sum, d) => sum + d.length, 0));
  let at = 0;
  for (const descriptor of descriptors) {
    all.set(descriptor, at);
    at += descriptor.length;
  }
  return new Uint8Array(all.buffer);
};

const unpack = (bytes: Uint8Array, dims: number): Float32Array[] => {
  // Copied out: the SDK's buffer need not be 4-byte aligned.
  const all = new Float32Array(bytes.slice().buffer);
  const faces: Float32Array[] = [];
  for (let at = 0; at + dims <= all.length; at += dims) faces.push(all.slice(at, at + dims));
  return faces;
};

/**
 * A photo's faces (none is recorded too: the photo was looked at). Replaces a mark that the photo's faces
 * could not be described, if an earlier attempt left one.
 */
export async function putPhotoFaces(
  galleryId: string,
  faces: PhotoFaces,
  dims: number,
  expiresAtEpoch: number | undefined,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('faces'),
      Item: {
        galleryId,
        photoId: faces.photoId,
        dims,
        faceCount: faces.descriptors.length,
        descriptors: pack(faces.descriptors),
        ...(expiresAtEpoch !== undefined && { expiresAtEpoch }),
      },
    }),
  );
}

/**
 * The photo's faces could not be described (the seller sees how many such photos the search misses):
 * a mark with no descriptors, unless the photo's faces were described meanwhile (a later attempt).
 */
export async function markFacesNotDescribed(
  galleryId: string,
  photoId: string,
  expiresAtEpoch: number | undefined,
  now: Date,
): Promise<void> {
  await dynamo()
    .send(
      new PutCommand({
        TableName: tableName('faces'),
        Item: {
          galleryId,
          photoId,
          failedAt: now.toISOString(),
          ...(expiresAtEpoch !== undefined && { expiresAtEpoch }),
        },
        ConditionExpression: 'attribute_not_exists(descriptors)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Which of the photos have had their faces described (a mark of a failed attempt does not count). */
export async function describedPhotoIds(galleryId: string, photoIds: string[]): Promise<Set<string>> {
  const described = new Set<string>();
  const table = tableName('faces');
  let keys: Record<string, unknown>[] | undefined = photoIds.map((photoId) => ({ galleryId, photoId }));
  while (keys && keys.length > 0) {
    const result: BatchGetCommandOutput = await dynamo().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'photoId, failedAt' },
        },
      }),
    );
    for (const item of (result.Responses?.[table] ?? []) as Pick<FaceItem, 'photoId' | 'failedAt'>[])
      if (item.failedAt === undefined) described.add(item.photoId);
    keys = result.UnprocessedKeys?.[table]?.Keys;
  }
  return described;
}

export async function deletePhotoFaces(galleryId: string, photoId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName('faces'), Key: { galleryId, photoId } }));
}

interface FaceItem {
  photoId: string;
  dims?: number;
  descriptors?: Uint8Array;
  expiresAtEpoch?: number;
  /** Set on the mark of a photo whose faces could not be described. */
  failedAt?: string;
}

async function queryAll(galleryId: string, keysOnly: boolean, now: Date): Promise<FaceItem[]> {
  const items: FaceItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName('faces'),
        KeyConditionExpression: 'galleryId = :galleryId',
        ExpressionAttributeValues: { ':galleryId': galleryId },
        ConsistentRead: true,
        ...(keysOnly && { ProjectionExpression: 'photoId, expiresAtEpoch, failedAt' }),
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    items.push(...((page.Items ?? []) as FaceItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // TTL deletes within days, not at once: an expired item is gone already as far as we are concerned.
  const nowEpoch = now.getTime() / 1000;
  return items.filter((item) => item.expiresAtEpoch === undefined || item.expiresAtEpoch > nowEpoch);
}

/**
 * The described faces of these photos (a few), as just written; a photo not described yet, or whose faces
 * could not be described, is left out (a photo described with no face has an empty list).
 */
export async function photoFaces(
  galleryId: string,
  photoIds: string[],
): Promise<Map<string, Float32Array[]>> {
  const found = new Map<string, Float32Array[]>();
  for (const photoId of photoIds) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName('faces'), Key: { galleryId, photoId }, ConsistentRead: true }),
    );
    const item = Item as FaceItem | undefined;
    if (item && !item.failedAt)
      found.set(photoId, item.descriptors && item.dims ? unpack(item.descriptors, item.dims) : []);
  }
  return found;
}

/** Every photo's faces of a gallery (all pages), photos without faces (or not described) left out. */
export async function listGalleryFaces(galleryId: string, now = new Date()): Promise<PhotoFaces[]> {
  return (await queryAll(galleryId, false, now))
    .flatMap((item) =>
      // A mark of a photo not described has neither.
      item.descriptors && item.dims
        ? [{ photoId: item.photoId, descriptors: unpack(item.descriptors, item.dims) }]
        : [],
    )
    .filter((faces) => faces.descriptors.length > 0);
}

/** How far the face search has got: photos described (with or without faces), and photos it could not describe. */
export interface FaceSearchProgress {
  described: number;
  failed: number;
}

/** The gallery's face search progress, counted from its items (keys and marks only, not descriptors). */
export async function faceSearchProgress(galleryId: string, now = new Date()): Promise<FaceSearchProgress> {
  const items = await queryAll(galleryId, true, now);
  const failed = items.filter((item) => item.failedAt !== undefined).length;
  return { described: items.length - failed, failed };
}

/** Deletes every face item of a gallery (the search switched off, or the gallery deleted). */
export async function deleteGalleryFaces(galleryId: string): Promise<void> {
  const keys = await queryAll(galleryId, true, new Date(0));
  await deleteItems(
    'faces',
    keys.map((item) => ({ galleryId, photoId: item.photoId })),
  );
}

/**
 * A new end date for a gallery's face data (the seller moved the gallery's end date): every item expires
 * then, or never without one. A few writes at a time, in the seller's request.
 */
export async function restampGalleryFaces(
  galleryId: string,
  expiresAtEpoch: number | undefined,
): Promise<void> {
  const keys = await queryAll(galleryId, true, new Date(0));
  const CONCURRENCY = 10;
  for (let at = 0; at < keys.length; at += CONCURRENCY)
    await Promise.all(
      keys.slice(at, at + CONCURRENCY).map((item) =>
        dynamo()
          .send(
            new UpdateCommand({
              TableName: tableName('faces'),
              Key: { galleryId, photoId: item.photoId },
              ...(expiresAtEpoch === undefined
                ? { UpdateExpression: 'REMOVE expiresAtEpoch' }
                : {
                    UpdateExpression: 'SET expiresAtEpoch = :at',
                    ExpressionAttributeValues: { ':at': expiresAtEpoch },
                  }),
              // A photo deleted meanwhile stays deleted.
              ConditionExpression: 'attribute_exists(photoId)',
            }),
          )
          .catch((error: unknown) => {
            if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
          }),
      ),
    );
}
