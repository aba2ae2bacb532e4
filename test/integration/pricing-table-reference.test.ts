/**
 * Subscriptions from Stripe's public pricing table, through the local stack: the table's checkout is
 * tied to a seller only by a reference the server minted for that seller (POST
 * /billing/pricing-table-reference), consumed once. A reference used twice, an expired one, a forged one
 * and a raw seller id are refused: the subscription is paid but applied to nobody, and no seller changes
 * (the S-case "a forged subscription reference refused").
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { redeemReference } from '../../functions/domains/billing/checkout-record-store';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { PLANS } from '#shared/rules/plans';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { currentUser, payCheckout, stripeOf, waitForUser } from './payments-helpers';
import { call, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

let stripe: Stripe;
let advancedPrice: string;
const env = useTestStack();
beforeAll(async () => {
  stripe = stripeOf(env);
  const price = (await stripe.prices.list({ lookup_keys: [PLANS.advanced.lookupKey] })).data[0];
  // The price exists once the demo seller has subscribed (the seed does it through our checkout).
  advancedPrice = price?.id ?? '';
  expect(advancedPrice).not.toBe('');
}, 60_000);

const THIRTY_MINUTES_S = 30 * 60;
const recordKey = (reference: string) => `pricing-table-reference:${reference}`;

async function mint(seller: Seller): Promise<{ reference: string; expiresInSeconds: number }> {
  const answer = await call(env, seller, 'POST', '/billing/pricing-table-reference', {});
  expect(answer.status).toBe(200);
  return answer.body as { reference: string; expiresInSeconds: number };
}

const referenceRecord = async (reference: string) =>
  (
    await dynamo().send(
      new GetCommand({
        TableName: tableName('events'),
        Key: { eventId: recordKey(reference) },
        ConsistentRead: true,
      }),
    )
  ).Item;

/** What Stripe's pricing table creates when clicked: no metadata, only the page's client reference. */
async function payFromPricingTable(clientReferenceId: string | undefined): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: advancedPrice, quantity: 1 }],
    ...(clientReferenceId !== undefined && { client_reference_id: clientReferenceId }),
    customer_email: 'table@example.com',
    success_url: 'http://localhost/dashboard',
  });
  await payCheckout(String(session.url));
  return session;
}

/** Waits until our webhook has finished with the session's `checkout.session.completed`. */
async function completionProcessed(sessionId: string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const events = await stripe.events.list({ type: 'checkout.session.completed', limit: 100 });
    const event = events.data.find((candidate) => (candidate.data.object as { id: string }).id === sessionId);
    if (event) {
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: tableName('events'), Key: { eventId: event.id }, ConsistentRead: true }),
      );
      if (Item?.state === 'DONE') return;
    }
    if (Date.now() > until) throw new Error(`The completion of ${sessionId} was never processed`);
    await sleep(100);
  }
}

/** The subscription a paid session made, as Stripe holds it now. */
async function subscriptionOf(sessionId: string): Promise<Stripe.Subscription> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  return stripe.subscriptions.retrieve(String(session.subscription));
}

/** Pays from the table with `clientReferenceId` and checks the subscription went to nobody. */
async function expectRefused(clientReferenceId: string | undefined, untouched: Seller[]): Promise<void> {
  const before = await Promise.all(untouched.map((seller) => currentUser(env, seller)));
  const session = await payFromPricingTable(clientReferenceId);
  await completionProcessed(session.id);
  const subscription = await subscriptionOf(session.id);
  expect(subscription.metadata).not.toHaveProperty('userId');
  // The subscription's own events (created, invoice paid) came too; give them the same time.
  await sleep(500);
  expect(await Promise.all(untouched.map((seller) => currentUser(env, seller)))).toEqual(before);
}

describe('minting a pricing-table reference', () => {
  it('is for signed-in sellers only', async () => {
    const answer = await call(env, undefined, 'POST', '/billing/pricing-table-reference', {});
    expect(answer.status).toBe(401);
  });

  it('answers a fresh random reference within Stripe’s client-reference limits, with no seller id in it', async () => {
    const seller = await newSeller(env);
    const first = await mint(seller);
    const second = await mint(seller);
    for (const { reference } of [first, second]) {
      // Stripe keeps a client reference of at most 200 letters, digits, dashes and underscores.
      expect(reference).toMatch(/^[A-Za-z0-9_-]{1,200}$/);
      expect(reference).not.toContain(seller.userId);
      expect(reference).not.toContain(seller.userId.replace(/-/g, ''));
    }
    expect(second.reference).not.toBe(first.reference);
    expect(first.expiresInSeconds).toBe(THIRTY_MINUTES_S);
    expect(await referenceRecord(first.reference)).toMatchObject({
      sellerId: seller.userId,
      state: 'MINTED',
    });
  });
});

describe("a subscription from Stripe's pricing table", () => {
  let seller: Seller;
  let reference: string;
  let firstSubscriptionId: string;

  it('subscribes the seller whose reference it carries, once', async () => {
    seller = await newSeller(env);
    ({ reference } = await mint(seller));
    await payFromPricingTable(reference);
    const user = await waitForUser(env, seller, (u) => u.subscription.hasSubscription);
    expect(user.subscription).toMatchObject({ plan: 'advanced', status: 'active' });
    firstSubscriptionId = String(user.subscription.stripeSubscriptionId);
    // Later events of the subscription find the seller in its metadata.
    expect((await stripe.subscriptions.retrieve(firstSubscriptionId)).metadata).toMatchObject({
      userId: seller.userId,
    });
    expect(await referenceRecord(reference)).toMatchObject({ state: 'USED' });
  });

  it('refuses the same reference a second time', async () => {
    expect(firstSubscriptionId).toBeTruthy();
    await expectRefused(reference, [seller]);
    expect((await currentUser(env, seller)).subscription.stripeSubscriptionId).toBe(firstSubscriptionId);
  });

  it('refuses a reference that had expired when the checkout started, and leaves it unused', async () => {
    const other = await newSeller(env);
    const { reference: expired } = await mint(other);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('events'),
        Key: { eventId: recordKey(expired) },
        UpdateExpression: 'SET expiresAtMs = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1_000 },
      }),
    );
    await expectRefused(expired, [other]);
    expect((await currentUser(env, other)).subscription.hasSubscription).toBe(false);
    expect(await referenceRecord(expired)).toMatchObject({ state: 'MINTED' });
  });

  it('refuses a forged reference and a tampered one, recording nothing for them', async () => {
    const other = await newSeller(env);
    const { reference: genuine } = await mint(other);
    const forged = `ptr_${randomBytes(32).toString('base64url')}`;
    const tampered = `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`;
    await expectRefused(forged, [other]);
    await expectRefused(tampered, [other]);
    expect(await referenceRecord(forged)).toBeUndefined();
    expect(await referenceRecord(tampered)).toBeUndefined();
    expect(await referenceRecord(genuine)).toMatchObject({ state: 'MINTED' });
  });

  it("refuses a seller's raw id, which anyone can read from a thumbnail's address", async () => {
    const victim = await newSeller(env);
    await expectRefused(victim.userId, [victim]);
    expect((await currentUser(env, victim)).subscription.hasSubscription).toBe(false);
  });

  it('applies nothing for a checkout without a reference (a signed-out visitor)', async () => {
    const bystander = await newSeller(env);
    await expectRefused(undefined, [bystander]);
  });
});

describe('consuming a reference (the conditional write)', () => {
  it('maps it to its seller for one session only; that session may redeem it again on a redelivery', async () => {
    const seller = await newSeller(env);
    const { reference } = await mint(seller);
    const now = Date.now();
    const attempts = await Promise.all(
      ['cs_test_one', 'cs_test_two', 'cs_test_three'].map((sessionId) =>
        redeemReference(reference, sessionId, now),
      ),
    );
    const winners = attempts.filter((attempt) => 'sellerId' in attempt);
    expect(winners).toEqual([{ sellerId: seller.userId }]);
    expect(attempts.filter((attempt) => 'refused' in attempt)).toEqual([
      { refused: 'already used' },
      { refused: 'already used' },
    ]);
    const winner = (await referenceRecord(reference))?.sessionId as string;
    expect(await redeemReference(reference, winner, now)).toEqual({ sellerId: seller.userId });
  });

  it('refuses a checkout started after the reference ran out', async () => {
    const seller = await newSeller(env);
    const { reference, expiresInSeconds } = await mint(seller);
    const afterExpiry = Date.now() + expiresInSeconds * 1000 + 1_000;
    expect(await redeemReference(reference, 'cs_test_late', afterExpiry)).toEqual({ refused: 'expired' });
    expect(await redeemReference(reference, 'cs_test_in_time', Date.now())).toEqual({
      sellerId: seller.userId,
    });
  });
});
