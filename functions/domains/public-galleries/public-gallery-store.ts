/**
 * Public galleries table: a gallery's public side, keyed by its public id. Who owns it comes
 * from the item (userId, galleryId), never from the public id a customer sends.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicGallerySettings } from '#shared/schemas/public-gallery';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

/** The wrong PINs' counts on a public gallery's item (repositories/pin-attempts.ts keeps them). */
export const PIN_ATTEMPT_FIELDS = [
  'pinFailures',
  'pinStreak',
  'pinLastFailureAt',
  'pinCheckUntil',
  'pinLockedAt',
] as const;
type PinAttemptField = (typeof PIN_ATTEMPT_FIELDS)[number];

export interface FaceSearchRecord {
  enabled: boolean;
  /** What the seller confirmed allows processing faces, and when (recorded; kept when switched off). */
  basis?: string;
  enabledAt?: string;
  disabledAt?: string;
  /**
   * The `enabledAt` of the switch-on whose walk over the photos already there was queued (functions/faces):
   * a save finding the search on without it queues the walk (the first attempt's send failed).
   */
  walkQueuedFor?: string;
}

export interface PublicGalleryRecord {
  publicId: string;
  userId: string;
  galleryId: string;
  published: boolean;
  /** The seller's settings without the PIN (which is kept only as `pinHash`). */
  settings: Omit<PublicGallerySettings, 'pin'>;
  pinHash?: string;
  /** The PIN's digits, recorded since PINs have a minimum length (absent: set before, maybe shorter). */
  pinLength?: number;
  /** Wrong PINs (repositories/pin-attempts.ts; absent until the first). */
  pinFailures?: number;
  pinStreak?: number;
  /** Times in ms since the epoch, compared in conditions. */
  pinLastFailureAt?: number;
  pinCheckUntil?: number;
  pinLockedAt?: string;
  /** A hash of the watermark's settings: previews made with another one are made again. */
  watermarkVersion: string;
  /** The seller's logo a logo watermark draws (set at publishing, moved when the seller changes it). */
  watermarkLogoId?: string;
  faceSearch: FaceSearchRecord;
  /** Moves with every change to the gallery's face data: a face index built at another version is stale. */
  facesVersion: number;
  /** The version of the last deletion of face data: an index older than this must not answer searches. */
  facesDeletedVersion: number;
  /** People the seller hides from the gallery (their references: the hiding table), and photos withheld. */
  hiddenPeople?: number;
  withheldPhotos?: number;
  /** When the first of the people hidden now was hidden: the walk describing the photos already there. */
  hidingSince?: string;
  createdAt: string;
  updatedAt: string;
}

/** Strongly consistent: a seller's change shows at once, and a closed or unpublished gallery at once too. */
export async function getPublicGallery(publicId: string): Promise<PublicGalleryRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('publicGalleries'), Key: { publicId }, ConsistentRead: true }),
  );
  return Item as PublicGalleryRecord | undefined;
}

/** What the seller's save writes: never the face data's versions nor the wrong PINs' counts. */
export type SavedPublicGallery = Omit<
  PublicGalleryRecord,
  'facesVersion' | 'facesDeletedVersion' | PinAttemptField
>;

/**
 * Writes the seller's settings. The face data's version fields are never overwritten here (the faces
 * function and deletions move them), so a save racing a processed photo loses nothing. A new or removed
 * PIN (`pinChanged`) starts its wrong PINs' count again, and so lifts a lock.
 */
export async function savePublicGallery(
  record: SavedPublicGallery,
  faceDataDeleted: boolean,
  pinChanged = false,
): Promise<PublicGalleryRecord> {
  const { publicId, ...rest } = record;
  const names: Record<string, string> = {};
  // DynamoDB refuses a value the expressions do not use: `:one` only where a deletion moves the versions.
  const values: Record<string, unknown> = { ':zero': 0, ...(faceDataDeleted && { ':one': 1 }) };
  const sets = Object.entries(rest).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    return `#${field} = :${field}`;
  });
  const removed = [
    ...(record.pinHash === undefined ? ['pinHash', 'pinLength'] : []),
    ...(pinChanged ? PIN_ATTEMPT_FIELDS : []),
  ];
  const removePin = removed.length ? ` REMOVE ${removed.join(', ')}` : '';
  const versions = faceDataDeleted
    ? 'facesVersion = if_not_exists(facesVersion, :zero) + :one, facesDeletedVersion = if_not_exists(facesVersion, :zero) + :one'
    : 'facesVersion = if_not_exists(facesVersion, :zero), facesDeletedVersion = if_not_exists(facesDeletedVersion, :zero)';
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('publicGalleries'),
      Key: { publicId },
      UpdateExpression: `SET ${[...sets, versions].join(', ')}${removePin}`,
      // A public id is the gallery's for good: never rebound to another gallery or seller.
      ConditionExpression: 'attribute_not_exists(publicId) OR (userId = :userId AND galleryId = :galleryId)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as PublicGalleryRecord;
}

/**
 * Records a change to the gallery's face data: `deleted` when descriptors were removed, so no index
 * built before may answer again. Missing item (the gallery was never public): nothing to record.
 */
export async function bumpFacesVersion(publicId: string, deleted: boolean): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: deleted
          ? 'SET facesVersion = facesVersion + :one, facesDeletedVersion = facesVersion + :one'
          : 'SET facesVersion = facesVersion + :one',
        ConditionExpression: 'attribute_exists(publicId)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * Records that the walk of the switch-on at `enabledAt` was queued; nothing when the search was switched
 * off or on again since (that switch has its own walk, or none).
 */
export async function markFaceWalkQueued(publicId: string, enabledAt: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: 'SET faceSearch.walkQueuedFor = :at',
        ConditionExpression: 'faceSearch.enabled = :on AND faceSearch.enabledAt = :at',
        ExpressionAttributeValues: { ':at': enabledAt, ':on': true },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Points a logo watermark at the seller's new logo (the previews' stamp moves with it, so they are made
 * again). Galleries with a text watermark are left as they are: false for those.
 */
export async function moveWatermarkLogo(publicId: string, logoId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: 'SET watermarkLogoId = :logoId',
        ConditionExpression: 'settings.watermark.kind = :logo',
        ExpressionAttributeValues: { ':logoId': logoId, ':logo': 'logo' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Removes a gallery's public side (its gallery is deleted): its link answers not found from then on. */
export async function deletePublicGallery(publicId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName('publicGalleries'), Key: { publicId } }));
}

async function addTo(
  publicId: string,
  field: 'hiddenPeople' | 'withheldPhotos',
  delta: number,
): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName('publicGalleries'),
        Key: { publicId },
        UpdateExpression: `ADD ${field} :delta`,
        ConditionExpression: 'attribute_exists(publicId)',
        ExpressionAttributeValues: { ':delta': delta },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Counts hidden people (their faces are then described, and new photos checked before they are shown). */
export const addHiddenPeople = (publicId: string, delta: number) => addTo(publicId, 'hiddenPeople', delta);
/** Counts withheld photos (the view's total leaves them out). */
export const addWithheldPhotos = (publicId: string, delta: number) =>
  addTo(publicId, 'withheldPhotos', delta);

/** Whether the gallery hides anyone (its faces are then described, whatever the search's switch). */
export const hidesPeople = (record: Pick<PublicGalleryRecord, 'hiddenPeople'> | undefined): boolean =>
  (record?.hiddenPeople ?? 0) > 0;

/** Records when hiding started (the first person hidden): the walk over the photos carries it. */
export async function startHiding(publicId: string, at: string): Promise<string> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName('publicGalleries'),
      Key: { publicId },
      UpdateExpression: 'SET hidingSince = if_not_exists(hidingSince, :at)',
      ExpressionAttributeValues: { ':at': at },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return (Attributes as PublicGalleryRecord).hidingSince!;
}

/** Nobody is hidden any more. */
export async function endHiding(publicId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('publicGalleries'),
      Key: { publicId },
      UpdateExpression: 'REMOVE hidingSince',
    }),
  );
}
