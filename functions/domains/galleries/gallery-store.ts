/** Galleries table: a seller's galleries, keyed by seller and a time-sortable gallery id. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, dynamo, tableName, updatedItem } from '../../lib/dynamo';
import type { TransactionPart } from '../../lib/transactions';

export interface GalleryRecord {
  userId: string;
  galleryId: string;
  albumName: string;
  createdAt: string;
  /** Photos that finished processing (counted once each by the resize trigger). */
  photoCount: number;
  /** ISO time until which an order keeps the gallery (functions/domains/orders/order-holds.ts); only ever grows. */
  heldUntil?: string;
  /** Set when deletion started: no new order may hold the gallery from then on. */
  deleting?: string;
  /** The gallery's public id, once first published as a public gallery; never changes. */
  publicId?: string;
  /** The team member who created it (absent on galleries made before teams: the owner's). */
  createdBy?: string;
  /** The photographers it was given to: they may upload to it and see its photos. */
  photographers?: string[];
}

export async function putGallery(gallery: GalleryRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName('galleries'), Item: gallery }));
}

/** Creates a gallery; its id is new, so an existing item means a bug, not a retry. */
export async function createGallery(gallery: GalleryRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName('galleries'),
      Item: gallery,
      ConditionExpression: 'attribute_not_exists(galleryId)',
    }),
  );
}

/**
 * The seller's gallery; undefined for another seller's id (the key includes the seller). Strongly
 * consistent: a gallery is opened, uploaded to and checked for ownership right after it is created.
 */
export async function getGallery(userId: string, galleryId: string): Promise<GalleryRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('galleries'), Key: { userId, galleryId }, ConsistentRead: true }),
  );
  return Item as GalleryRecord | undefined;
}

/**
 * A page of the seller's galleries, newest first (gallery ids sort by creation time). One item more is
 * read than shown, so a next page is announced only when there is one. Strongly consistent, so a
 * gallery just created is in the list the seller goes back to. `only` keeps the galleries a filter
 * (GalleryFilter) admits: DynamoDB filters after reading a page, so a filtered page may be short.
 */
export async function listGalleries(
  userId: string,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  only?: GalleryFilter,
): Promise<{ galleries: GalleryRecord[]; lastKey?: Record<string, unknown> }> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName('galleries'),
      KeyConditionExpression: 'userId = :userId',
      ExpressionAttributeValues: { ':userId': userId, ...(only && { ':member': only.memberId }) },
      ...(only && { FilterExpression: FILTERS[only.kind] }),
      ScanIndexForward: false,
      Limit: limit + 1,
      ConsistentRead: true,
      ...(startKey && { ExclusiveStartKey: startKey }),
    }),
  );
  const items = (result.Items ?? []) as GalleryRecord[];
  const galleries = items.slice(0, limit);
  const last = galleries[galleries.length - 1];
  if (items.length > limit && last)
    return { galleries, lastKey: { userId: last.userId, galleryId: last.galleryId } };
  // The read stopped before the end (at DynamoDB's 1 MB, or with items filtered out): the next page goes on from there.
  return { galleries, ...(result.LastEvaluatedKey && { lastKey: result.LastEvaluatedKey }) };
}

/**
 * Which galleries a list keeps: those a member may open as a photographer (created or given), or those
 * one member created (the owner's include the galleries made before teams, which name no creator).
 */
export interface GalleryFilter {
  kind: 'openTo' | 'createdBy' | 'createdByOwner';
  memberId: string;
}

const FILTERS: Record<GalleryFilter['kind'], string> = {
  openTo: 'createdBy = :member OR contains(photographers, :member)',
  createdBy: 'createdBy = :member',
  createdByOwner: 'createdBy = :member OR attribute_not_exists(createdBy)',
};

/** Gives the gallery to these photographers (replacing the list); undefined when there is no such gallery. */
export async function setPhotographers(
  userId: string,
  galleryId: string,
  memberIds: string[],
): Promise<GalleryRecord | undefined> {
  return updatedItem<GalleryRecord>({
    TableName: tableName('galleries'),
    Key: { userId, galleryId },
    UpdateExpression: 'SET photographers = :ids',
    ConditionExpression: 'attribute_exists(galleryId)',
    ExpressionAttributeValues: { ':ids': memberIds },
  });
}

/** The public ids of every gallery the seller ever published (a handful: one query, read in pages). */
export async function listPublicIds(userId: string): Promise<string[]> {
  const publicIds: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName('galleries'),
        KeyConditionExpression: 'userId = :userId',
        FilterExpression: 'attribute_exists(publicId)',
        ProjectionExpression: 'publicId',
        ExpressionAttributeValues: { ':userId': userId },
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    publicIds.push(...(page.Items ?? []).map((item) => item.publicId as string));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return publicIds;
}

/** Renames the seller's gallery; undefined when it does not exist (or is another seller's). */
export async function renameGallery(
  userId: string,
  galleryId: string,
  albumName: string,
): Promise<GalleryRecord | undefined> {
  return updatedItem<GalleryRecord>({
    TableName: tableName('galleries'),
    Key: { userId, galleryId },
    UpdateExpression: 'SET albumName = :name',
    ConditionExpression: 'attribute_exists(galleryId)',
    ExpressionAttributeValues: { ':name': albumName },
  });
}

export async function deleteGalleryRecord(userId: string, galleryId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName('galleries'), Key: { userId, galleryId } }));
}

/**
 * The part that adds to a gallery's `photoCount` in a transaction with the change it counts; only while
 * the gallery exists (a late run does not recreate a deleted one: the transaction is refused instead).
 */
export const photoCountPart = (userId: string, galleryId: string, delta: number): TransactionPart => ({
  Update: {
    TableName: tableName('galleries'),
    Key: { userId, galleryId },
    UpdateExpression: 'ADD photoCount :delta',
    ConditionExpression: 'attribute_exists(galleryId)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/**
 * Adds `delta` to the gallery's photo count, only while the gallery exists (a deleted one stays gone).
 * Gives back the gallery as updated (undefined when it is gone): the write costs the same either way, and
 * the resize learns from it whether the gallery is public without reading it again.
 */
export async function addToPhotoCount(
  userId: string,
  galleryId: string,
  delta: number,
): Promise<GalleryRecord | undefined> {
  return updatedItem<GalleryRecord>({
    TableName: tableName('galleries'),
    Key: { userId, galleryId },
    UpdateExpression: 'ADD photoCount :delta',
    ConditionExpression: 'attribute_exists(galleryId)',
    ExpressionAttributeValues: { ':delta': delta },
  });
}

/**
 * Holds the gallery until `until` (functions/domains/orders/order-holds.ts) unless it is held until later already;
 * false when it is gone or being deleted.
 */
export async function holdGallery(userId: string, galleryId: string, until: string): Promise<boolean> {
  const held = await conditionally(
    new UpdateCommand({
      TableName: tableName('galleries'),
      Key: { userId, galleryId },
      UpdateExpression: 'SET heldUntil = :until',
      ConditionExpression:
        'attribute_exists(galleryId) AND attribute_not_exists(deleting) AND (attribute_not_exists(heldUntil) OR heldUntil < :until)',
      ExpressionAttributeValues: { ':until': until },
    }),
  );
  if (held) return true;
  // Refused: either held until later already (fine), or gone or closing.
  const gallery = await getGallery(userId, galleryId);
  return gallery !== undefined && gallery.deleting === undefined && String(gallery.heldUntil) >= until;
}

/** Marks the gallery as being deleted unless an order holds it; false when held (or gone). */
export async function startGalleryDeletion(userId: string, galleryId: string, now: Date): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('galleries'),
      Key: { userId, galleryId },
      UpdateExpression: 'SET deleting = :now',
      ConditionExpression:
        'attribute_exists(galleryId) AND (attribute_not_exists(heldUntil) OR heldUntil <= :now)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Gives the gallery its public id, once: an id it already has wins (a second publish racing the first
 * gets the first one's id back). Undefined when the gallery is gone.
 */
export async function claimPublicId(
  userId: string,
  galleryId: string,
  publicId: string,
): Promise<string | undefined> {
  const updated = await updatedItem<GalleryRecord>({
    TableName: tableName('galleries'),
    Key: { userId, galleryId },
    UpdateExpression: 'SET publicId = if_not_exists(publicId, :publicId)',
    ConditionExpression: 'attribute_exists(galleryId) AND attribute_not_exists(deleting)',
    ExpressionAttributeValues: { ':publicId': publicId },
  });
  return updated?.publicId;
}
