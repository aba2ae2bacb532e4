/**
 * Faces table (issue 16): the face descriptors of one photo per item, float32 packed, for the galleries
 * whose face search is on. The search reads them through the packed index (functions/lib/face-index.ts),
 * rebuilt from here; this table is what deleting a photo, a gallery or the search removes.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../dynamo';

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

/** A photo's faces (none is recorded too: the photo was looked at). */
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

/** Whether the photo has been looked at for faces (an item, with or without faces, expired or not). */
export async function photoFacesRecorded(galleryId: string, photoId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('faces'),
      Key: { galleryId, photoId },
      ProjectionExpression: 'photoId',
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

export async function deletePhotoFaces(galleryId: string, photoId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName('faces'), Key: { galleryId, photoId } }));
}

interface FaceItem {
  photoId: string;
  dims: number;
  descriptors?: Uint8Array;
  expiresAtEpoch?: number;
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
        ...(keysOnly && { ProjectionExpression: 'photoId' }),
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

/** Every photo's faces of a gallery (all pages), photos without faces left out. */
export async function listGalleryFaces(galleryId: string, now = new Date()): Promise<PhotoFaces[]> {
  return (await queryAll(galleryId, false, now))
    .map((item) => ({
      photoId: item.photoId,
      descriptors: unpack(item.descriptors ?? new Uint8Array(), item.dims),
    }))
    .filter((faces) => faces.descriptors.length > 0);
}

/** How many photos have been looked at for faces (with or without any). */
export async function countGalleryFacePhotos(galleryId: string, now = new Date()): Promise<number> {
  return (await queryAll(galleryId, true, now)).length;
}

const BATCH_WRITE_MAX = 25;

/** Deletes every face item of a gallery (the search switched off, or the gallery deleted). */
export async function deleteGalleryFaces(galleryId: string): Promise<void> {
  const keys = await queryAll(galleryId, true, new Date(0));
  for (let at = 0; at < keys.length; at += BATCH_WRITE_MAX) {
    let requests: Record<string, unknown>[] | undefined = keys
      .slice(at, at + BATCH_WRITE_MAX)
      .map((item) => ({
        DeleteRequest: { Key: { galleryId, photoId: item.photoId } },
      }));
    // BatchWrite may leave some undone under throttling: send those again until none is left.
    while (requests && requests.length > 0) {
      const result = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName('faces')]: requests } }),
      );
      requests = result.UnprocessedItems?.[tableName('faces')] as Record<string, unknown>[] | undefined;
    }
  }
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
