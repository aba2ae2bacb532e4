/**
 * Holds that keep a gallery and its photos while a customer can still open an order of them (its
 * checkout open, or its photos downloadable). Kept on the gallery and photo items themselves as a
 * `heldUntil` time that only ever grows, so deleting checks the item it deletes in the same conditional
 * write: no index query (eventually consistent: it may miss an order created a moment ago) and no race.
 *
 * Order creation holds first (the gallery, then each photo, each only while it exists and the gallery
 * is not being deleted), then writes the order; fulfilment extends the holds before marking the order
 * fulfilled. Gallery deletion first marks the gallery `deleting` unless it is held, so no new order can
 * start on it; each photo is then deleted only if it is not held.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../dynamo';
import { photosAvailableUntil } from '#shared/rules/photo-availability';
import type { OrderStatus } from '#shared/schemas/order';
import type { PhotoRecord } from './photos';

/** Until when an order holds its photos: its checkout's end, or its download period's if later. */
export function orderHoldsUntil(order: {
  status: OrderStatus;
  expiresAt: string;
  createdAt: string;
  fulfilledAt?: string;
}): Date {
  const checkoutEnds = new Date(order.expiresAt);
  const downloadsEnd = photosAvailableUntil(order);
  return downloadsEnd && downloadsEnd > checkoutEnds ? downloadsEnd : checkoutEnds;
}

/** Until when an order fulfilled `now` keeps its photos downloadable. */
export const fulfilledPhotosUntil = (now: Date): Date =>
  photosAvailableUntil({
    status: 'FULFILLED',
    fulfilledAt: now.toISOString(),
    createdAt: now.toISOString(),
  })!;

export type HoldOutcome = 'held' | 'missing';

/** Sets `heldUntil` to `until` unless it is already later; 'missing' when the item is gone (or closing). */
async function extendHold(
  table: 'galleries' | 'photos',
  key: Record<string, string>,
  until: string,
  extraCondition = '',
): Promise<HoldOutcome> {
  const exists = `attribute_exists(${Object.keys(key)[1]})${extraCondition}`;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(table),
        Key: key,
        UpdateExpression: 'SET heldUntil = :until',
        ConditionExpression: `${exists} AND (attribute_not_exists(heldUntil) OR heldUntil < :until)`,
        ExpressionAttributeValues: { ':until': until },
      }),
    );
    return 'held';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // Refused: either held until later already (fine), or gone or closing.
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(table), Key: key, ConsistentRead: true }),
  );
  const open = Item !== undefined && (table === 'photos' || Item.deleting === undefined);
  return open && String(Item.heldUntil) >= until ? 'held' : 'missing';
}

/** Holds the order's gallery and photos until `until`; 'missing' if the gallery or a photo is gone. */
export async function holdOrderPhotos(
  order: { sellerId: string; galleryId: string; photoIds: string[] },
  until: Date,
): Promise<HoldOutcome> {
  const time = until.toISOString();
  const gallery = await extendHold(
    'galleries',
    { userId: order.sellerId, galleryId: order.galleryId },
    time,
    ' AND attribute_not_exists(deleting)',
  );
  if (gallery === 'missing') return 'missing';
  for (const photoId of order.photoIds) {
    if ((await extendHold('photos', { galleryId: order.galleryId, photoId }, time)) === 'missing')
      return 'missing';
  }
  return 'held';
}

const NOT_HELD = 'attribute_not_exists(heldUntil) OR heldUntil <= :now';

/** Marks the gallery as being deleted unless an order holds it; false when held (or gone). */
export async function startGalleryDeletion(userId: string, galleryId: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('galleries'),
        Key: { userId, galleryId },
        UpdateExpression: 'SET deleting = :now',
        ConditionExpression: `attribute_exists(galleryId) AND (${NOT_HELD})`,
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export type PhotoDeletion = { deleted: PhotoRecord } | { refused: 'held' | 'missing' };

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
        ConditionExpression: `attribute_exists(photoId) AND (${NOT_HELD})`,
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { deleted: Attributes as PhotoRecord };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('photos'), Key: { galleryId, photoId }, ConsistentRead: true }),
  );
  return { refused: Item ? 'held' : 'missing' };
}
