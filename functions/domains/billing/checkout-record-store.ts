/**
 * Billing's records in the events table: the pricing-table references minted for signed-in sellers, and
 * the seller's open plan checkout.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { PRICING_TABLE_REFERENCE_PATTERN } from '#shared/schemas/billing';
import { dynamo, isConditionFailure, tableName } from '../../lib/dynamo';

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
