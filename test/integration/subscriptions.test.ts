/**
 * Subscriptions end to end through the local stack: Checkout on the emulator starts a trial, webhooks set
 * plan, dates and entitlements; the portal upgrades at once and downgrades at the next period; a failed
 * renewal goes past due; events delivered twice or out of order end in the right state; upload counts
 * reset with the billing period. Stripe's pricing table: pricing-table-reference.test.ts.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { FREE_TRIAL_DAYS, PLANS } from '#shared/rules/plans';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  control,
  currentUser,
  deliver,
  payCheckout,
  stripeOf,
  submitForm,
  waitForUser,
} from './payments-helpers';
import { call, demoSeller, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const DAY = 86_400;

async function subscribe(seller: Seller, plan: 'basic' | 'advanced') {
  // A double click gets one session: a seller cannot start two subscriptions at once.
  const [answer, again] = await Promise.all([
    call(env, seller, 'POST', '/billing/checkout', { plan }),
    call(env, seller, 'POST', '/billing/checkout', { plan }),
  ]);
  expect(answer.status).toBe(200);
  expect(again.body.url).toBe(answer.body.url);
  const url = String(answer.body.url);
  const session = await stripeOf(env).checkout.sessions.retrieve(url.split('/').pop() ?? '');
  // The seller travels in metadata only our key can write; no client reference a page could have set.
  expect(session).toMatchObject({
    mode: 'subscription',
    client_reference_id: null,
    metadata: { userId: seller.userId, plan },
  });
  expect(session.customer_email).toMatch(/@example\.com$/);
  await payCheckout(url);
  return waitForUser(env, seller, (user) => user.subscription.hasSubscription);
}

describe('the demo seller', () => {
  it('has a real Advanced subscription in its trial, so the billing portal opens', async () => {
    const demo = await demoSeller(env);
    const me = await call(env, demo, 'GET', '/users');
    expect(me.body.subscription).toMatchObject({ plan: 'advanced', status: 'trialing', isTrial: true });
    const portal = await call(env, demo, 'POST', '/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(new URL(portal.body.url as string).origin).toBe(new URL(env.stack.urls.stripe).origin);
  });
});

describe('subscription checkout and webhooks', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await newSeller(env);
  });

  it('refuses an unknown plan and a portal without a subscription', async () => {
    expect((await call(env, seller, 'POST', '/billing/checkout', { plan: 'platinum' })).status).toBe(400);
    const portal = await call(env, seller, 'POST', '/billing/portal', {});
    expect(portal).toMatchObject({
      status: 409,
      body: { message: paymentServerErrors.noSubscriptionToManage },
    });
  });

  it('starts a free trial of the chosen plan with its entitlements', async () => {
    const user = await subscribe(seller, 'basic');
    expect(user.subscription).toMatchObject({ status: 'trialing', isTrial: true, plan: 'basic' });
    const trialEnd = Date.parse(String(user.subscription.trialEndDate));
    expect(Math.round((trialEnd - Date.now()) / 1000 / DAY)).toBe(FREE_TRIAL_DAYS);
    expect(user.entitlements).toMatchObject({
      monthlyPhotoUploadLimit: PLANS.basic.monthlyPhotoUploadLimit,
      paymentAcceptanceEnabled: false,
    });
  });

  it('sends a subscribed seller to the portal, where an upgrade applies at once', async () => {
    const answer = await call(env, seller, 'POST', '/billing/checkout', { plan: 'advanced' });
    const portal = String(answer.body.url);
    expect(portal).toContain('/p/session/');
    const user = await currentUser(env, seller);
    const advanced = (await stripeOf(env).prices.list({ lookup_keys: [PLANS.advanced.lookupKey] })).data[0];
    const switched = await submitForm(
      `${portal}/subscriptions/${user.subscription.stripeSubscriptionId}/switch`,
      {
        price: advanced?.id ?? '',
      },
    );
    expect(switched.status).toBe(303);
    const upgraded = await waitForUser(env, seller, (u) => u.subscription.plan === 'advanced');
    expect(upgraded.entitlements).toMatchObject({
      monthlyPhotoUploadLimit: 10_000,
      paymentAcceptanceEnabled: true,
    });
    expect(upgraded.subscription.isTrial).toBe(true);
  });

  it('downgrades at the next period, and resets the upload count with the new period', async () => {
    const before = await currentUser(env, seller);
    const subscriptionId = String(before.subscription.stripeSubscriptionId);
    const { url } = (await call(env, seller, 'POST', '/billing/portal', {})).body as { url: string };
    const basic = (await stripeOf(env).prices.list({ lookup_keys: [PLANS.basic.lookupKey] })).data[0];
    expect(
      (await submitForm(`${url}/subscriptions/${subscriptionId}/switch`, { price: basic?.id ?? '' })).status,
    ).toBe(303);
    // Uploads counted in this period.
    const period = (await stripeOf(env).subscriptions.retrieve(subscriptionId)).items.data[0]
      ?.current_period_start;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('users'),
        Key: { userId: seller.userId },
        UpdateExpression: 'SET uploadMonth = :period, currentMonthUploads = :n',
        ExpressionAttributeValues: { ':period': new Date((period ?? 0) * 1000).toISOString(), ':n': 7 },
      }),
    );
    const still = await currentUser(env, seller);
    expect(still.subscription.plan).toBe('advanced');
    expect(still.entitlements.currentMonthUploads).toBe(7);

    // Periods are whole seconds: let the next one start at a later second than this one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await control(env, `/subscriptions/${subscriptionId}/renew`);
    const renewed = await waitForUser(env, seller, (u) => u.subscription.plan === 'basic');
    expect(renewed.subscription).toMatchObject({ status: 'active', isTrial: false, trialEndDate: null });
    expect(renewed.entitlements).toEqual({
      monthlyPhotoUploadLimit: 1_000,
      paymentAcceptanceEnabled: false,
      currentMonthUploads: 0,
    });
  });

  it('goes past due when a renewal payment fails, keeping the plan while Stripe retries', async () => {
    const subscriptionId = String((await currentUser(env, seller)).subscription.stripeSubscriptionId);
    await control(env, `/subscriptions/${subscriptionId}/fail-renewal`);
    const user = await waitForUser(env, seller, (u) => u.subscription.status === 'past_due');
    expect(user.subscription.hasSubscription).toBe(true);
    // Stripe's events carry whole seconds; a retry comes days later, here at least a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await control(env, `/subscriptions/${subscriptionId}/renew`);
    await waitForUser(env, seller, (u) => u.subscription.status === 'active');
  });

  it('applies events delivered twice only once', async () => {
    const stripe = stripeOf(env);
    const before = await currentUser(env, seller);
    const events = await stripe.events.list({ limit: 100 });
    const ours = events.data.filter(
      (event) =>
        JSON.stringify(event.data.object).includes(String(before.subscription.stripeSubscriptionId)) &&
        event.type.startsWith('customer.subscription.'),
    );
    expect(ours.length).toBeGreaterThan(2);
    // Resent oldest first: a second delivery of an early event must not take the seller back.
    for (const event of [...ours].reverse()) await control(env, `/events/${event.id}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await currentUser(env, seller)).toEqual(before);
  });
});

describe('out-of-order subscription events', () => {
  const subscriptionObject = (
    userId: string,
    id: string,
    status: string,
    plan: 'basic' | 'advanced',
    start: number,
  ) => ({
    id,
    object: 'subscription',
    customer: 'cus_outoforder',
    status,
    cancel_at_period_end: false,
    start_date: start,
    trial_end: null,
    metadata: { userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: `price_${plan}`, object: 'price', lookup_key: PLANS[plan].lookupKey },
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        },
      ],
    },
  });
  let counter = 0;
  const event = (type: string, created: number, object: object) => ({
    id: `evt_outoforder_${Date.now()}_${counter++}`,
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    data: { object },
    livemode: false,
  });

  it('never moves a subscription backwards, whatever order the events arrive in', async () => {
    const seller = await newSeller(env);
    const t0 = Math.floor(Date.now() / 1000);
    const created = event(
      'customer.subscription.created',
      t0,
      subscriptionObject(seller.userId, 'sub_a', 'trialing', 'basic', t0),
    );
    const upgraded = event(
      'customer.subscription.updated',
      t0 + 60,
      subscriptionObject(seller.userId, 'sub_a', 'active', 'advanced', t0),
    );
    const paidAgain = event(
      'customer.subscription.updated',
      t0 + 60,
      subscriptionObject(seller.userId, 'sub_a', 'trialing', 'advanced', t0),
    );

    expect(await deliver(env, upgraded)).toBe(200);
    expect(await deliver(env, created)).toBe(200); // older: ignored
    expect(await deliver(env, paidAgain)).toBe(200); // same second, earlier status: ignored
    expect(await deliver(env, created)).toBe(200); // a duplicate: acknowledged, nothing done
    let user = await currentUser(env, seller);
    expect(user.subscription).toMatchObject({
      status: 'active',
      plan: 'advanced',
      stripeSubscriptionId: 'sub_a',
    });
    expect(user.entitlements.paymentAcceptanceEnabled).toBe(true);

    // Another (older) subscription ending says nothing about the current one.
    const oldEnded = event(
      'customer.subscription.deleted',
      t0 + 120,
      subscriptionObject(seller.userId, 'sub_old', 'canceled', 'basic', t0 - 90 * DAY),
    );
    expect(await deliver(env, oldEnded)).toBe(200);
    expect((await currentUser(env, seller)).subscription.stripeSubscriptionId).toBe('sub_a');

    // The end of the current one is final, even against a later-dated update.
    const ended = event(
      'customer.subscription.deleted',
      t0 + 180,
      subscriptionObject(seller.userId, 'sub_a', 'canceled', 'advanced', t0),
    );
    const lateUpdate = event(
      'customer.subscription.updated',
      t0 + 240,
      subscriptionObject(seller.userId, 'sub_a', 'active', 'advanced', t0),
    );
    expect(await deliver(env, ended)).toBe(200);
    expect(await deliver(env, lateUpdate)).toBe(200);
    user = await currentUser(env, seller);
    expect(user.subscription).toMatchObject({ hasSubscription: false, status: 'canceled' });
    expect(user.entitlements).toMatchObject({
      paymentAcceptanceEnabled: false,
      monthlyPhotoUploadLimit: 100,
    });
  });
});
