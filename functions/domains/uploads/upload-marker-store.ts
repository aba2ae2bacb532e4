/** The per-file upload markers in the events table, which count an upload once against the monthly limit. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

/**
 * Upload markers. The monthly upload limit is counted once per photo with single-item conditional
 * writes only (dynalite has no transactions):
 *
 * 1. A per-file marker in the events table (`upload:{userId}:{clientFileId}`) is claimed with a
 *    conditional put. A retried file finds its marker and reuses its photo, so it is never counted twice.
 * 2. The seller's month counter (users table: upload-quota-store.ts reserveUploads) moves by the number of
 *    newly claimed files in one conditional update that holds only while the result stays within the
 *    limit. Concurrent batches are serialised by DynamoDB on that one item, so the limit cannot be passed.
 *    A new month resets the counter with a conditional write that only one request can win.
 * 3. The markers are marked counted. If the counter refused, the claims are deleted again.
 *
 * A process that dies between 2 and 3 leaves an uncounted claim; after CLAIM_LEASE_MS a retry takes it
 * over and counts it (a crash can count one photo twice; it can never let an upload past the limit).
 */
export const CLAIM_LEASE_MS = 60_000;
/** Markers outlive the month they were counted in, then DynamoDB TTL removes them. */
const MARKER_TTL_S = 40 * 24 * 60 * 60;

export interface UploadMarker {
  eventId: string;
  userId: string;
  galleryId: string;
  photoId: string;
  counted: boolean;
  claimedAt: string;
  expiresAtEpoch: number;
}

const markerId = (userId: string, clientFileId: string) => `upload:${userId}:${clientFileId}`;

export type ClaimResult =
  { kind: 'claimed'; marker: UploadMarker } | { kind: 'existing'; marker: UploadMarker } | { kind: 'busy' };

async function putMarker(marker: UploadMarker, condition: string, values = {}): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('events'),
        Item: marker,
        ConditionExpression: condition,
        ...(Object.keys(values).length > 0 && { ExpressionAttributeValues: values }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Claims the file's marker for a new photo, or finds the photo an earlier attempt got. */
export async function claimUpload(
  userId: string,
  clientFileId: string,
  fresh: { galleryId: string; photoId: string },
  now: Date,
): Promise<ClaimResult> {
  const marker: UploadMarker = {
    eventId: markerId(userId, clientFileId),
    userId,
    ...fresh,
    counted: false,
    claimedAt: now.toISOString(),
    expiresAtEpoch: Math.floor(now.getTime() / 1000) + MARKER_TTL_S,
  };
  if (await putMarker(marker, 'attribute_not_exists(eventId)')) return { kind: 'claimed', marker };
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('events'),
      Key: { eventId: marker.eventId },
      ConsistentRead: true,
    }),
  );
  const existing = Item as UploadMarker | undefined;
  if (!existing) return claimUpload(userId, clientFileId, fresh, now);
  if (existing.counted) return { kind: 'existing', marker: existing };
  if (now.getTime() - Date.parse(existing.claimedAt) < CLAIM_LEASE_MS) return { kind: 'busy' };
  // A stale claim (its request died): take it over, keeping its photo, only if nobody else did.
  const takeover = { ...existing, claimedAt: marker.claimedAt };
  const won = await putMarker(takeover, 'claimedAt = :seen AND counted = :no', {
    ':seen': existing.claimedAt,
    ':no': false,
  });
  return won ? { kind: 'claimed', marker: takeover } : { kind: 'busy' };
}

export async function markCounted(marker: UploadMarker): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('events'),
      Key: { eventId: marker.eventId },
      UpdateExpression: 'SET counted = :yes',
      ExpressionAttributeValues: { ':yes': true },
    }),
  );
}

/** Gives a claim back (the counter refused); only the claim this request made. */
export async function releaseClaim(marker: UploadMarker): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('events'),
        Key: { eventId: marker.eventId },
        ConditionExpression: 'claimedAt = :mine AND counted = :no',
        ExpressionAttributeValues: { ':mine': marker.claimedAt, ':no': false },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
