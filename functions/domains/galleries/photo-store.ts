/** Photos table: the photos of a gallery, keyed by gallery and photo id. */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandOutput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import { writeTogether } from '../../lib/transactions';
import { photoCountPart } from './gallery-store';
import { userCounterPart } from '../sellers/dashboard-counter-store';

export type PhotoQuality = 'original' | 'optimized';
export type PhotoStatus = 'UPLOADING' | 'PROCESSING' | 'READY' | 'FAILED';

export interface PhotoRecord {
  galleryId: string;
  photoId: string;
  userId: string;
  /** The team member who uploaded it (absent on photos from before teams: the owner). */
  uploadedBy?: string;
  status: PhotoStatus;
  /** What customers get: the original file, or the 2048 px copy optimised for social media. */
  quality: PhotoQuality;
  originalName?: string;
  createdAt: string;
  width?: number;
  height?: number;
  processedAt?: string;
  /** Why processing failed (shown to the seller), e.g. the file is not an image. */
  failureReason?: string;
  /** The browser's id of the file, so a retried upload maps to the same photo. */
  clientFileId?: string;
  /** ISO time until which an order keeps the photo (functions/domains/orders/order-holds.ts); only ever grows. */
  heldUntil?: string;
  /** Set when the seller's deletion of the photo started: from then on no order can hold it. */
  deletingAt?: string;
  /** The thumbnail and the 2048 px copy exist as WebP too (photos processed before WebP have JPEG only). */
  webp?: boolean;
  /** The grid-sized WebP thumbnail exists too (photos processed before it have none). */
  gridWebp?: boolean;
  /**
   * When its 400 px thumbnail (JPEG and WebP) was stored, before its other copies: the seller's grid
   * shows a PROCESSING photo that has one. Photos processed before the thumbnail came first have none.
   */
  thumbnailAt?: string;
  /** While its file goes up as an S3 multipart upload: the upload and how the file is cut. */
  multipart?: MultipartRecord;
  /**
   * Set (to its creation time) once every copy is made, and removed while the photo is withheld from
   * customers: only photos with it are in the `shownByGallery` index a public gallery is read from.
   */
  shownSort?: string;
  /** Withheld from customers since then: a hidden person's face matched (functions/domains/faces/hiding.ts). */
  withheldAt?: string;
  /** Hidden people the seller released the photo for: their faces no longer withhold it. */
  releasedFor?: Set<string>;
}

/** Whether customers of its public gallery may see the photo (and its previews). */
export const isShown = (photo: PhotoRecord | undefined): photo is PhotoRecord =>
  photo?.status === 'READY' && photo.shownSort !== undefined;

/** A photo's multipart upload: S3's upload id, the declared size and the part size it was cut into. */
export interface MultipartRecord {
  uploadId: string;
  size: number;
  partSize: number;
}

export async function putPhoto(photo: PhotoRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('photos'), Item: photo }));
}

export async function getPhotos(galleryId: string, photoIds: string[]): Promise<PhotoRecord[]> {
  const found: PhotoRecord[] = [];
  for (let i = 0; i < photoIds.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = photoIds
      .slice(i, i + 100)
      .map((photoId) => ({ galleryId, photoId }));
    while (keys && keys.length > 0) {
      const table = tableName('photos');
      const result: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
      );
      found.push(...((result.Responses?.[table] ?? []) as PhotoRecord[]));
      keys = result.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return found;
}

/** Records a photo whose upload URL was just issued; an existing id (a retried file) is left alone. */
export async function createPhotoIfAbsent(photo: PhotoRecord): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('photos'),
        Item: photo,
        ConditionExpression: 'attribute_not_exists(photoId)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function getPhoto(galleryId: string, photoId: string): Promise<PhotoRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('photos'), Key: { galleryId, photoId }, ConsistentRead: true }),
  );
  return Item as PhotoRecord | undefined;
}

/** Every photo of a gallery (all pages of the query), oldest id first, as just written (strongly consistent). */
export async function listGalleryPhotos(galleryId: string): Promise<PhotoRecord[]> {
  const photos: PhotoRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName('photos'),
        KeyConditionExpression: 'galleryId = :galleryId',
        ExpressionAttributeValues: { ':galleryId': galleryId },
        ConsistentRead: true,
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    photos.push(...((page.Items ?? []) as PhotoRecord[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return photos;
}

/** The photos index's key of an item: where the next page of shown photos starts. */
export type ShownKey = { galleryId: string; photoId: string; shownSort: string };

/**
 * A page of the photos a public gallery shows, in upload order, and the key the next page starts after
 * (none on the last). One Query of `limit` items, whatever the gallery's size. The index is eventually
 * consistent, as every index: a photo processed a moment ago may join a page later.
 */
export async function listShownPhotos(
  galleryId: string,
  limit: number,
  after?: ShownKey,
): Promise<{ photos: PhotoRecord[]; lastKey?: ShownKey }> {
  const page: QueryCommandOutput = await dynamo().send(
    new QueryCommand({
      TableName: tableName('photos'),
      IndexName: 'shownByGallery',
      KeyConditionExpression: 'galleryId = :galleryId',
      ExpressionAttributeValues: { ':galleryId': galleryId },
      Limit: limit,
      ...(after && { ExclusiveStartKey: after }),
    }),
  );
  const photos = (page.Items ?? []) as PhotoRecord[];
  const last = photos.at(-1);
  // DynamoDB may announce a further page that turns out empty; the reader then gets no photos and stops.
  return {
    photos,
    ...(page.LastEvaluatedKey &&
      last?.shownSort && {
        lastKey: { galleryId, photoId: last.photoId, shownSort: last.shownSort },
      }),
  };
}

/** The table's key of a photo: where a walk through a gallery's photos goes on. */
export type PhotoKey = { galleryId: string; photoId: string };

/**
 * A page of a gallery's READY photos, read from the table itself (as just written, unlike the index: a
 * walk started right after a photo became READY must not miss it), in id order, with whether each has its
 * place among the photos customers are shown, and the key the next page starts after. A page reads
 * `limit` items before the filter, so it may hold fewer.
 */
export async function readyPhotosPage(
  galleryId: string,
  limit: number,
  after?: PhotoKey,
): Promise<{ photos: { photoId: string; shown: boolean }[]; lastKey?: PhotoKey }> {
  const page: QueryCommandOutput = await dynamo().send(
    new QueryCommand({
      TableName: tableName('photos'),
      KeyConditionExpression: 'galleryId = :galleryId',
      FilterExpression: '#status = :ready',
      ProjectionExpression: 'photoId, shownSort',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':galleryId': galleryId, ':ready': 'READY' },
      Limit: limit,
      ConsistentRead: true,
      ...(after && { ExclusiveStartKey: after }),
    }),
  );
  return {
    photos: (page.Items ?? []).map((item) => ({
      photoId: (item as { photoId: string }).photoId,
      shown: (item as { shownSort?: string }).shownSort !== undefined,
    })),
    ...(page.LastEvaluatedKey && { lastKey: page.LastEvaluatedKey as PhotoKey }),
  };
}

/**
 * Gives a READY photo processed before public galleries were paged its place among the photos customers
 * are shown (its creation time), unless it is withheld; false when it has one already or may not.
 */
export function giveShownPlace(galleryId: string, photoId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET shownSort = createdAt',
      ConditionExpression:
        '#status = :ready AND attribute_not_exists(shownSort) AND attribute_not_exists(withheldAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':ready': 'READY' },
    }),
  );
}

/**
 * Withholds a photo from customers because a hidden person's face matched (its place among the shown
 * photos goes), unless the seller released it for that person before. True when this call withheld it.
 */
export function withholdPhoto(
  galleryId: string,
  photoId: string,
  personId: string,
  at: string,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET withheldAt = if_not_exists(withheldAt, :at) REMOVE shownSort',
      ConditionExpression: 'attribute_exists(photoId) AND NOT contains(releasedFor, :person)',
      ExpressionAttributeValues: { ':at': at, ':person': personId },
    }),
  );
}

/**
 * The seller shows a withheld photo again: its place among the shown photos back (READY photos only),
 * and the people it was withheld for recorded, so their faces do not withhold it again.
 */
export function releasePhoto(galleryId: string, photoId: string, personIds: string[]): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression:
        personIds.length > 0
          ? 'SET shownSort = createdAt REMOVE withheldAt ADD releasedFor :people'
          : 'SET shownSort = createdAt REMOVE withheldAt',
      ConditionExpression: '#status = :ready AND attribute_exists(withheldAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':ready': 'READY',
        ...(personIds.length > 0 && { ':people': new Set(personIds) }),
      },
    }),
  );
}

/** A page of a gallery's READY photo ids, and where the next page starts (none: the gallery is done). */
export interface ReadyPhotoPage {
  photoIds: string[];
  /** The last photo id this page read (READY or not): the next page reads after it. */
  next?: string;
}

/**
 * Up to `max` READY photo ids of a gallery after `after` (in the table's order; from the first without
 * it): a walk over the gallery's photos (functions/domains/galleries/photo-walk.ts) reads one such page per step, so
 * no step reads the whole gallery. Photos not READY are passed over (DynamoDB reads them, then filters).
 */
export async function readyPhotoIdsAfter(
  galleryId: string,
  after: string | undefined,
  max: number,
): Promise<ReadyPhotoPage> {
  const photoIds: string[] = [];
  let startKey: Record<string, unknown> | undefined =
    after === undefined ? undefined : { galleryId, photoId: after };
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName('photos'),
        KeyConditionExpression: 'galleryId = :galleryId',
        FilterExpression: '#status = :ready',
        ProjectionExpression: 'photoId',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':galleryId': galleryId, ':ready': 'READY' },
        // Items read, before the filter: never more than this page still needs.
        Limit: max - photoIds.length,
        // As just written: a photo made READY a moment before the walk started is in it.
        ConsistentRead: true,
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    for (const item of page.Items ?? []) photoIds.push((item as { photoId: string }).photoId);
    startKey = page.LastEvaluatedKey;
  } while (startKey && photoIds.length < max);
  const next = startKey?.photoId as string | undefined;
  return { photoIds, ...(next !== undefined && { next }) };
}

/** Deletes a photo record; gives back what was deleted (undefined when there was nothing). */
export async function deletePhotoRecord(
  galleryId: string,
  photoId: string,
): Promise<PhotoRecord | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Attributes as PhotoRecord | undefined;
}

/** The resize trigger has started on the photo's original (UPLOADING → PROCESSING; nothing else changes). */
export async function markPhotoProcessing(galleryId: string, photoId: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId },
        UpdateExpression: 'SET #status = :processing',
        ConditionExpression: '#status = :uploading',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'PROCESSING', ':uploading': 'UPLOADING' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The photo's thumbnail is stored while its other copies are being made: the seller's grid may show it.
 * Only a PROCESSING photo is marked (a READY one processed again is left as it is); the first time stays.
 */
export async function markThumbnailStored(galleryId: string, photoId: string, now: Date): Promise<void> {
  await conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET thumbnailAt = if_not_exists(thumbnailAt, :now)',
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':processing': 'PROCESSING' },
    }),
  );
}

/**
 * What a READY mark did: `first` when this write made the photo READY (and counted it), `again` when it
 * already was, each with the photo's owner from its record (keys do not name sellers); `missing` for an
 * object we never issued a URL for, or a photo whose gallery went meanwhile.
 */
export type ReadyOutcome = { outcome: 'first' | 'again'; userId: string } | { outcome: 'missing' };

/** The READY mark's write: the same values on every run, the first processing time kept. */
function readyMark(galleryId: string, photoId: string, size: { width: number; height: number }, now: Date) {
  return {
    TableName: tableName('photos'),
    Key: { galleryId, photoId },
    // No shownSort yet: the photo's place among those customers see is given once it may be shown
    // (functions/resize/announce.ts; in a gallery that hides people, once its faces were checked).
    UpdateExpression:
      'SET #status = :ready, width = :w, height = :h, webp = :webp, gridWebp = :webp, processedAt = if_not_exists(processedAt, :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':ready': 'READY',
      ':w': size.width,
      ':h': size.height,
      ':webp': true,
      ':now': now.toISOString(),
    },
  };
}

/** What a lost first mark finds stored: another run made it READY, or the photo or its gallery went. */
async function afterLostMark(galleryId: string, photoId: string): Promise<ReadyOutcome> {
  const stored = await getPhoto(galleryId, photoId);
  return stored?.status === 'READY' ? { outcome: 'again', userId: stored.userId } : { outcome: 'missing' };
}

/**
 * Marks a photo processed with its dimensions. The first mark counts the photo in its gallery's
 * `photoCount` and its seller's `totalPhotoCount` in the same transaction, so the counts move exactly
 * once, even when two runs race or a run dies right after the mark. Idempotent: a second run writes the
 * same values and keeps the first processing time.
 */
export async function markPhotoReady(
  galleryId: string,
  photoId: string,
  size: { width: number; height: number },
  now: Date,
): Promise<ReadyOutcome> {
  const photo = await getPhoto(galleryId, photoId);
  if (!photo) return { outcome: 'missing' };
  const mark = readyMark(galleryId, photoId, size, now);
  if (photo.status === 'READY') {
    const marked = await conditionally(
      new UpdateCommand({ ...mark, ConditionExpression: 'attribute_exists(photoId)' }),
    );
    return marked ? { outcome: 'again', userId: photo.userId } : { outcome: 'missing' };
  }
  const counted = await writeTogether([
    { Update: { ...mark, ConditionExpression: 'attribute_exists(photoId) AND #status <> :ready' } },
    photoCountPart(photo.userId, galleryId, 1),
    userCounterPart(photo.userId, 'totalPhotoCount', 1),
  ]);
  return counted ? { outcome: 'first', userId: photo.userId } : afterLostMark(galleryId, photoId);
}

/** A photo whose file is not an image: FAILED with the reason, unless it was already READY. */
export async function markPhotoFailed(galleryId: string, photoId: string, reason?: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId },
        UpdateExpression: reason ? 'SET #status = :failed, failureReason = :reason' : 'SET #status = :failed',
        ConditionExpression: 'attribute_exists(photoId) AND #status <> :ready',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'FAILED',
          ':ready': 'READY',
          ...(reason && { ':reason': reason }),
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Processing gave up on the photo (Lambda's retries of the resize ran out): FAILED with the reason,
 * only while it is still waiting for processing, so a photo that became READY meanwhile (a later
 * event succeeded) or was deleted stays as it is. True when this call marked it.
 */
export async function markProcessingFailed(
  galleryId: string,
  photoId: string,
  reason: string,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET #status = :failed, failureReason = :reason',
      ConditionExpression: '#status IN (:uploading, :processing)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'FAILED',
        ':reason': reason,
        ':uploading': 'UPLOADING',
        ':processing': 'PROCESSING',
      },
    }),
  );
}

/**
 * A seller's retry of a FAILED photo of theirs: PROCESSING again, the old reason dropped. One
 * conditional write, so two retries at once start one processing; false when the photo is not (or no
 * longer) this seller's FAILED photo.
 */
export async function markPhotoRetrying(
  galleryId: string,
  photoId: string,
  userId: string,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET #status = :processing REMOVE failureReason',
      ConditionExpression: '#status = :failed AND userId = :userId',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'PROCESSING', ':failed': 'FAILED', ':userId': userId },
    }),
  );
}

/**
 * Holds the photo until `until` (functions/domains/orders/order-holds.ts) unless it is held until later already;
 * false when it is gone or being deleted.
 */
export async function holdPhoto(galleryId: string, photoId: string, until: string): Promise<boolean> {
  const held = await conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET heldUntil = :until',
      ConditionExpression:
        'attribute_exists(photoId) AND attribute_not_exists(deletingAt) AND (attribute_not_exists(heldUntil) OR heldUntil < :until)',
      ExpressionAttributeValues: { ':until': until },
    }),
  );
  if (held) return true;
  // Refused: either held until later already (fine), or gone or going.
  const photo = await getPhoto(galleryId, photoId);
  return photo !== undefined && photo.deletingAt === undefined && String(photo.heldUntil) >= until;
}

export type PhotoDeletion = { deleted: PhotoRecord } | { refused: 'held' | 'missing' };

/**
 * Starts the photo's deletion unless an order holds it: marked, so that no order can hold it from now
 * on (holdPhoto refuses it) while the unpaid picks naming it are ended. Again on a retry.
 */
export async function startPhotoDeletion(
  galleryId: string,
  photoId: string,
  now: Date,
): Promise<{ started: true } | { refused: 'held' | 'missing' }> {
  const started = await conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET deletingAt = :now',
      ConditionExpression:
        'attribute_exists(photoId) AND (attribute_not_exists(heldUntil) OR heldUntil <= :now)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
  if (started) return { started: true };
  return { refused: (await getPhoto(galleryId, photoId)) ? 'held' : 'missing' };
}

/** Deletes the photo's record unless an order holds it. */
export async function deleteUnheldPhoto(
  galleryId: string,
  photoId: string,
  now: Date,
): Promise<PhotoDeletion> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName('photos'),
        Key: { galleryId, photoId },
        ConditionExpression:
          'attribute_exists(photoId) AND (attribute_not_exists(heldUntil) OR heldUntil <= :now)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { deleted: Attributes as PhotoRecord };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return { refused: (await getPhoto(galleryId, photoId)) ? 'held' : 'missing' };
}

/**
 * Ties a multipart upload to an UPLOADING photo of the seller that has none yet; false when the photo
 * is not such a photo (another start won the race, or the upload is over).
 */
export function setPhotoMultipart(
  galleryId: string,
  photoId: string,
  userId: string,
  multipart: MultipartRecord,
): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'SET multipart = :multipart',
      ConditionExpression: '#status = :uploading AND userId = :userId AND attribute_not_exists(multipart)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':multipart': multipart, ':uploading': 'UPLOADING', ':userId': userId },
    }),
  );
}

/** The photo's multipart upload is over (completed): forget its id, if it is still this upload. */
export function clearPhotoMultipart(galleryId: string, photoId: string, uploadId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      UpdateExpression: 'REMOVE multipart',
      ConditionExpression: 'multipart.uploadId = :uploadId',
      ExpressionAttributeValues: { ':uploadId': uploadId },
    }),
  );
}

/** Deletes a photo still waiting for this multipart upload's file (an aborted or refused upload). */
export async function deleteWaitingPhoto(
  galleryId: string,
  photoId: string,
  uploadId: string,
): Promise<boolean> {
  return conditionally(
    new DeleteCommand({
      TableName: tableName('photos'),
      Key: { galleryId, photoId },
      ConditionExpression: '#status = :uploading AND multipart.uploadId = :uploadId',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':uploading': 'UPLOADING', ':uploadId': uploadId },
    }),
  );
}
