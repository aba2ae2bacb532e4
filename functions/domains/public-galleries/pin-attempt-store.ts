/**
 * A PIN gallery's wrong PINs, kept on its public gallery's item (which every customer call reads anyway;
 * shared/rules/pin-attempts.ts says what the counts mean). Each change is one UpdateItem: a wrong PIN is
 * an atomic ADD, so wrong PINs sent at once from many addresses all count; the turn of a guarded check
 * is claimed by a conditional write, so only one of them runs at a time. Every write is bound to the PIN
 * hash it was checked against: a wrong PIN never counts against a PIN the seller set meanwhile.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPinLocked, type PinAttempts } from '#shared/rules/pin-attempts';
import { conditionally, dynamo, isConditionFailure, tableName } from '../../lib/dynamo';
import { PIN_ATTEMPT_FIELDS, type PublicGalleryRecord } from './public-gallery-store';

const table = () => tableName('publicGalleries');

export const pinAttemptsOf = (record: PublicGalleryRecord): PinAttempts => ({
  failures: record.pinFailures ?? 0,
  streak: record.pinStreak ?? 0,
  lastFailureAt: record.pinLastFailureAt,
  checkUntil: record.pinCheckUntil,
});

/**
 * Counts a wrong PIN (ending any claimed turn: the delay after it takes over). Answers the counts after
 * it, or undefined when the PIN changed meanwhile (nothing counted). The wrong PIN that reaches the lock
 * records when it locked.
 */
export async function countWrongPin(
  publicId: string,
  pinHash: string,
  now: Date,
): Promise<PinAttempts | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: { publicId },
        UpdateExpression:
          'ADD pinFailures :one, pinStreak :one SET pinLastFailureAt = :now REMOVE pinCheckUntil',
        ConditionExpression: 'pinHash = :pinHash',
        ExpressionAttributeValues: { ':one': 1, ':now': now.getTime(), ':pinHash': pinHash },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const after = pinAttemptsOf(Attributes as PublicGalleryRecord);
    if (isPinLocked(after)) await markLocked(publicId, pinHash, now);
    return after;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** When the lock began, for the seller: the first wrong PIN to reach it sets it, later ones keep it. */
async function markLocked(publicId: string, pinHash: string, now: Date): Promise<void> {
  await conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: { publicId },
      UpdateExpression: 'SET pinLockedAt = if_not_exists(pinLockedAt, :now)',
      ConditionExpression: 'pinHash = :pinHash',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':pinHash': pinHash },
    }),
  );
}

/**
 * A right PIN ends the streak it saw (wrong PINs counted meanwhile stay in it) and any claimed turn. The
 * count that locks is left as it is. False when another request ended it first.
 */
export const endPinStreak = (publicId: string, pinHash: string, seenStreak: number): Promise<boolean> =>
  conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: { publicId },
      UpdateExpression: 'SET pinStreak = pinStreak - :seen REMOVE pinCheckUntil',
      ConditionExpression: 'pinStreak >= :seen AND pinHash = :pinHash',
      ExpressionAttributeValues: { ':seen': seenStreak, ':pinHash': pinHash },
    }),
  );

/**
 * Claims the turn of a guarded check, for `holdMs`: only if no wrong PIN was counted since `seen` was read
 * and no other turn is under way. False when another request got there first.
 */
export const claimPinCheck = (
  publicId: string,
  pinHash: string,
  seen: PinAttempts,
  now: Date,
  holdMs: number,
): Promise<boolean> =>
  conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: { publicId },
      UpdateExpression: 'SET pinCheckUntil = :until',
      ConditionExpression:
        'pinFailures = :failures AND pinHash = :pinHash AND (attribute_not_exists(pinCheckUntil) OR pinCheckUntil <= :now)',
      ExpressionAttributeValues: {
        ':failures': seen.failures,
        ':pinHash': pinHash,
        ':now': now.getTime(),
        ':until': now.getTime() + holdMs,
      },
    }),
  );

/**
 * The seller unlocks the PIN: its wrong PINs are forgotten and counting starts again. False when the
 * item is not this seller's gallery's or has no PIN (nothing changed).
 */
export const resetPinAttempts = (
  publicId: string,
  owner: Pick<PublicGalleryRecord, 'userId' | 'galleryId'>,
): Promise<boolean> =>
  conditionally(
    new UpdateCommand({
      TableName: table(),
      Key: { publicId },
      UpdateExpression: `REMOVE ${PIN_ATTEMPT_FIELDS.join(', ')}`,
      ConditionExpression: 'userId = :userId AND galleryId = :galleryId AND attribute_exists(pinHash)',
      ExpressionAttributeValues: { ':userId': owner.userId, ':galleryId': owner.galleryId },
    }),
  );
