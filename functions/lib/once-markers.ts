/**
 * Events table: the one module that reads and writes it. Once-only markers, each kind under its own key
 * prefix, expiring by TTL (`expiresAtEpoch`; reads treat an expired item as absent since TTL deletes
 * late):
 * - processed webhook events (idempotency),
 * - the per-file markers that count an upload once against the monthly limit,
 * - the pricing-table references minted for signed-in sellers,
 * - once-only markers written in a transaction with what they guard (`onceMarkerPart`).
 *
 * Webhook events: an event is claimed with a conditional put before it is processed and marked done
 * after; the claim is a lease, so if the process dies mid-way a redelivery after the lease can take
 * over, and a failure releases the claim at once.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { PRICING_TABLE_REFERENCE_PATTERN } from '#shared/schemas/billing';
import { dynamo, isConditionFailure, tableName } from './dynamo';
import type { TransactionPart } from './transactions';

/** Longer than any function timeout, so a live claim is never taken over. */
export const EVENT_LEASE_MS = 60_000;
/** Stripe retries an event for up to three days; remember it well past that. */
export const EVENT_RETENTION_DAYS = 30;

export type EventClaim = 'claimed' | 'done' | 'in-progress';

interface EventRecord {
  eventId: string;
  state: 'PROCESSING' | 'DONE';
  claimId: string;
  leaseUntil: number;
  expiresAtEpoch: number;
}

const epochSeconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * Claims an event for processing under `claimId`. 'done' when it was processed before; 'in-progress'
 * when another live claim holds it.
 */
export async function claimEvent(eventId: string, claimId: string, now = Date.now()): Promise<EventClaim> {
  const item: EventRecord = {
    eventId,
    state: 'PROCESSING',
    claimId,
    leaseUntil: now + EVENT_LEASE_MS,
    expiresAtEpoch: epochSeconds(now) + EVENT_RETENTION_DAYS * 24 * 60 * 60,
  };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('events'),
        Item: item,
        ConditionExpression:
          'attribute_not_exists(eventId) OR expiresAtEpoch < :nowEpoch OR (#state = :processing AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':nowEpoch': epochSeconds(now),
          ':processing': 'PROCESSING',
          ':now': now,
        },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('events'), Key: { eventId }, ConsistentRead: true }),
  );
  return (Item as EventRecord | undefined)?.state === 'DONE' ? 'done' : 'in-progress';
}

/** Marks a claimed event processed; later deliveries of it are acknowledged without work. */
export async function markEventDone(eventId: string, claimId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('events'),
      Key: { eventId },
      UpdateExpression: 'SET #state = :done REMOVE leaseUntil',
      ConditionExpression: 'claimId = :claimId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'DONE', ':claimId': claimId },
    }),
  );
}

/** Gives up a claim after a failure, so Stripe's next retry processes the event at once. */
export async function releaseEvent(eventId: string, claimId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('events'),
        Key: { eventId },
        ConditionExpression: 'claimId = :claimId AND #state = :processing',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimId': claimId, ':processing': 'PROCESSING' },
      }),
    );
  } catch (error) {
    // Someone else's claim or already done: nothing of ours to release.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * A transaction part that writes the marker `markerId` only if it was never written, so what the
 * transaction does with it happens once. Kept (no TTL): a retry may come at any time.
 */
export const onceMarkerPart = (markerId: string, at: Date): TransactionPart => ({
  Put: {
    TableName: tableName('events'),
    Item: { eventId: markerId, state: 'DONE', doneAt: at.toISOString() },
    ConditionExpression: 'attribute_not_exists(eventId)',
  },
});

// ---- Upload markers

/**
 * Upload markers. The monthly upload limit is counted once per photo with single-item conditional
 * writes only (dynalite has no transactions):
 *
 * 1. A per-file marker in the events table (`upload:{userId}:{clientFileId}`) is claimed with a
 *    conditional put. A retried file finds its marker and reuses its photo, so it is never counted twice.
 * 2. The seller's month counter (users table: users.ts reserveUploads) moves by the number of
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

// ---- Pricing-table references

/**
 * Pricing-table references: what a signed-in seller's /pricing hands Stripe's pricing table as its
 * `client-reference-id`, so the completed subscription checkout can be tied to that seller. Anyone can
 * start a checkout from the public table with any reference, so a reference is only believed when we
 * minted it: 256 random bits, kept in the events table with its seller and expiry, and consumed once by
 * a conditional write. It carries nothing of the seller, so it can sit in a page or a Stripe object.
 *
 * A record rather than a signature: a signed token would still need a record to be single-use, and the
 * record alone already proves we minted it (an unknown reference matches nothing).
 */
/** A pricing-table checkout takes minutes; a page left open longer asks for a fresh reference. */
export const REFERENCE_LIFETIME_MS = 30 * 60 * 1000;
/**
 * Kept well past its expiry: a checkout started in time may complete up to a day later (Checkout's
 * session lifetime) and Stripe retries its webhook for three days; a redelivery must still find it.
 */
const RECORD_RETENTION_S = 7 * 24 * 60 * 60;

const KIND = 'PRICING_TABLE_REFERENCE';

interface ReferenceRecord {
  eventId: string;
  kind: typeof KIND;
  sellerId: string;
  state: 'MINTED' | 'USED';
  mintedAt: number;
  /** Epoch ms: a checkout must have started by then. */
  expiresAtMs: number;
  /** DynamoDB TTL, epoch seconds. */
  expiresAtEpoch: number;
  /** The Checkout Session that consumed it. */
  sessionId?: string;
}

const recordKey = (reference: string) => `pricing-table-reference:${reference}`;

export interface MintedReference {
  reference: string;
  expiresAtMs: number;
}

export async function mintReference(sellerId: string, now = Date.now()): Promise<MintedReference> {
  const reference = `ptr_${randomBytes(32).toString('base64url')}`;
  const expiresAtMs = now + REFERENCE_LIFETIME_MS;
  const record: ReferenceRecord = {
    eventId: recordKey(reference),
    kind: KIND,
    sellerId,
    state: 'MINTED',
    mintedAt: now,
    expiresAtMs,
    expiresAtEpoch: Math.floor(expiresAtMs / 1000) + RECORD_RETENTION_S,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName('events'),
      Item: record,
      // 256 random bits never collide; the condition makes sure a record is never overwritten anyway.
      ConditionExpression: 'attribute_not_exists(eventId)',
    }),
  );
  return { reference, expiresAtMs };
}

export type Redemption =
  { sellerId: string } | { refused: 'no reference' | 'unknown' | 'expired' | 'already used' };

/** Why a redemption failed, read back (consistently) for the log after the conditional write refused. */
async function refusalOf(reference: string, nowEpoch: number): Promise<Redemption> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('events'),
      Key: { eventId: recordKey(reference) },
      ConsistentRead: true,
    }),
  );
  const record = Item as ReferenceRecord | undefined;
  // TTL deletes late: an item past it counts as gone.
  if (!record || record.kind !== KIND || record.expiresAtEpoch <= nowEpoch) return { refused: 'unknown' };
  return { refused: record.state === 'USED' ? 'already used' : 'expired' };
}

/**
 * The seller a reference was minted for, consuming it for this Checkout Session. Refused when it was not
 * minted by us, had expired when the session started, or was consumed by another session. The same
 * session may redeem it again (a webhook redelivered after a failure later in its handling).
 */
export async function redeemReference(
  reference: string | null,
  sessionId: string,
  sessionStartedMs: number,
  now = Date.now(),
): Promise<Redemption> {
  if (!reference) return { refused: 'no reference' };
  // Anything else cannot have come from us; no need to look it up.
  if (!PRICING_TABLE_REFERENCE_PATTERN.test(reference)) return { refused: 'unknown' };
  const nowEpoch = Math.floor(now / 1000);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('events'),
        Key: { eventId: recordKey(reference) },
        UpdateExpression: 'SET #state = :used, #sessionId = :sessionId, #usedAt = :now',
        ConditionExpression:
          '#kind = :kind AND #ttl > :nowEpoch AND ' +
          '((#state = :minted AND #expiresAtMs >= :startedMs) OR (#state = :used AND #sessionId = :sessionId))',
        ExpressionAttributeNames: {
          '#state': 'state',
          '#sessionId': 'sessionId',
          '#usedAt': 'usedAt',
          '#kind': 'kind',
          '#ttl': 'expiresAtEpoch',
          '#expiresAtMs': 'expiresAtMs',
        },
        ExpressionAttributeValues: {
          ':used': 'USED',
          ':minted': 'MINTED',
          ':kind': KIND,
          ':sessionId': sessionId,
          ':now': now,
          ':nowEpoch': nowEpoch,
          ':startedMs': sessionStartedMs,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { sellerId: (Attributes as ReferenceRecord).sellerId };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return refusalOf(reference, nowEpoch);
  }
}

// ---- The seller's open plan checkout (functions/billing): one at a time, so a seller cannot pay two
// plans from two tabs. A new checkout of another plan replaces it (the billing service expires the old
// session through Stripe first); the record is conditional on the one the caller replaced.

/** What a seller's latest plan checkout was; `open` until its Stripe session's own expiry. */
export interface PlanCheckoutRecord {
  sessionId: string;
  plan: string;
  url: string;
  /** Epoch ms: the Stripe session's `expires_at`. */
  expiresAtMs: number;
  /** The subscription the seller had when it was made ('first': none), so a later one outdates it. */
  after: string;
}

const planCheckoutKey = (sellerId: string) => `plan-checkout:${sellerId}`;

/** The seller's latest plan checkout, open or not (its id names the next one's idempotency key). */
export async function getPlanCheckout(sellerId: string): Promise<PlanCheckoutRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('events'),
      Key: { eventId: planCheckoutKey(sellerId) },
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const { sessionId, plan, url, expiresAtMs, after } = Item as PlanCheckoutRecord;
  return { sessionId, plan, url, expiresAtMs, after };
}

/**
 * Records `checkout` as the seller's open plan checkout, if the record still holds what the caller saw
 * (`replaced`: none, one that has ended, or the session being replaced) or holds this very session (two
 * tabs of one plan get one session). False when another checkout was recorded meanwhile.
 */
export async function recordPlanCheckout(
  sellerId: string,
  replaced: string | undefined,
  checkout: PlanCheckoutRecord,
  now = Date.now(),
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('events'),
        Item: {
          eventId: planCheckoutKey(sellerId),
          ...checkout,
          expiresAtEpoch: Math.floor(checkout.expiresAtMs / 1000) + RECORD_RETENTION_S,
        },
        ConditionExpression: `attribute_not_exists(eventId) OR expiresAtMs <= :now OR sessionId = :mine${
          replaced ? ' OR sessionId = :replaced' : ''
        }`,
        ExpressionAttributeValues: {
          ':now': now,
          ':mine': checkout.sessionId,
          ...(replaced && { ':replaced': replaced }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}
