/**
 * S37: a seller cannot pay two plans. Two tabs of one plan get one Checkout Session; choosing another
 * plan expires the open session through Stripe before the new one is made, so it can no longer be paid;
 * two plans chosen at the same moment leave one payable session (the other tab is told to choose again,
 * 409). A second subscription that Stripe takes anyway (a session that escaped: made here with the
 * product's own parameters, as a pricing-table checkout would be) is cancelled at once, however often
 * its events come, and the seller keeps the plan they had.
 */
import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS, PLANS, type PlanId } from '#shared/rules/plans';
import { paymentServerErrors } from '#shared/texts/payment-errors';
import { currentUser, eventually, payCheckout, stripeOf, waitForUser } from '../integration/payments-helpers';
import { call, newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { deliverConcurrently } from './support/undelivered-payments';

const env = useTestStack();

const checkout = (seller: Seller, plan: PlanId) => call(env, seller, 'POST', '/billing/checkout', { plan });
const sessionIdOf = (url: string): string => url.split('/').pop() ?? '';
const statusOf = async (url: string) =>
  (await stripeOf(env).checkout.sessions.retrieve(sessionIdOf(url))).status;

/** A subscription checkout of the seller's made outside the product's one-at-a-time rule. */
async function escapedPlanSession(seller: Seller, plan: PlanId) {
  const stripe = stripeOf(env);
  const [price] = (await stripe.prices.list({ lookup_keys: [PLANS[plan].lookupKey] })).data;
  const user = await currentUser(env, seller);
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price!.id, quantity: 1 }],
    customer_email: user.email,
    subscription_data: { metadata: { userId: seller.userId, plan }, trial_period_days: FREE_TRIAL_DAYS },
    metadata: { userId: seller.userId, plan },
    success_url: `${env.demo.appUrl}/dashboard`,
    cancel_url: `${env.demo.appUrl}/pricing`,
  });
}

describe('S37 one plan checkout at a time', () => {
  it('gives two tabs of a plan one session, and expires it when another plan is chosen', async () => {
    const seller = await newSeller(env);
    const [first, second] = await Promise.all([checkout(seller, 'basic'), checkout(seller, 'basic')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.url).toBe(first.body.url);
    const basicUrl = String(first.body.url);

    const advanced = await checkout(seller, 'advanced');
    expect(advanced.status).toBe(200);
    expect(advanced.body.url).not.toBe(basicUrl);
    expect(await statusOf(basicUrl)).toBe('expired');
    await expect(payCheckout(basicUrl)).rejects.toThrow();
    expect(await statusOf(String(advanced.body.url))).toBe('open');

    // Back to the first plan: a fresh session (the expired one is never handed out again).
    const again = await checkout(seller, 'basic');
    expect(again.body.url).not.toBe(basicUrl);
    expect(await statusOf(String(advanced.body.url))).toBe('expired');
  });

  it('leaves one payable session when two plans are chosen at the same moment', async () => {
    const seller = await newSeller(env);
    const answers = await Promise.all([checkout(seller, 'basic'), checkout(seller, 'advanced')]);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toMatchObject({
        status: 409,
        body: { message: paymentServerErrors.planCheckoutOpenedElsewhere },
      });
    const urls = answers.filter((a) => a.status === 200).map((a) => String(a.body.url));
    expect(urls.length).toBeGreaterThan(0);
    const statuses = await Promise.all(urls.map(statusOf));
    expect(statuses.filter((status) => status === 'open')).toHaveLength(1);
  });

  it('cancels a second subscription paid anyway, and the seller keeps their plan', async () => {
    const seller = await newSeller(env);
    const chosen = await checkout(seller, 'advanced');
    await payCheckout(String(chosen.body.url));
    const subscribed = await waitForUser(env, seller, (u) => u.subscription.status === 'trialing');
    const kept = subscribed.subscription.stripeSubscriptionId;

    const escaped = await escapedPlanSession(seller, 'basic');
    await payCheckout(String(escaped.url));
    const stripe = stripeOf(env);
    const extraId = String((await stripe.checkout.sessions.retrieve(escaped.id)).subscription);
    await eventually(
      () => stripe.subscriptions.retrieve(extraId),
      (subscription) => subscription.status === 'canceled',
    );

    // Its creation delivered again, many at once: nothing more happens.
    const created = (
      await stripe.events.list({ type: 'customer.subscription.created', limit: 100 })
    ).data.find((event) => (event.data.object as { id: string }).id === extraId);
    await deliverConcurrently(env, JSON.stringify(created, null, 2), 5);
    const user = await currentUser(env, seller);
    expect(user.subscription).toMatchObject({
      stripeSubscriptionId: kept,
      plan: 'advanced',
      status: 'trialing',
    });
    expect(user.entitlements.paymentAcceptanceEnabled).toBe(true);
    expect((await stripe.subscriptions.retrieve(String(kept))).status).toBe('trialing');
  });
});
