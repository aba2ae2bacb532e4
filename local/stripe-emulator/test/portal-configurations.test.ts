/**
 * Billing portal configurations through the real SDK, and portal sessions that follow one: plan
 * switching only when subscription updates are on and only among its prices, the schedule conditions
 * deciding what waits for the period end, prorations invoiced under `always_invoice`, a trial ended or
 * kept, cancelling as configured; and the account's default configuration (the Dashboard's settings).
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestEmulator,
  submitCheckoutPage,
  subscribeThroughCheckout,
  type TestEmulator,
} from '../testing';

let t: TestEmulator;
let basic: Stripe.Price;
let advanced: Stripe.Price;
let yearly: Stripe.Price;
beforeAll(async () => {
  t = await startTestEmulator();
  const price = (name: string, amount: number, interval: 'month' | 'year', key: string) =>
    t.stripe.prices.create({
      currency: 'gbp',
      unit_amount: amount,
      recurring: { interval },
      product_data: { name },
      lookup_key: key,
    });
  basic = await price('Basic', 900, 'month', 'portal_basic');
  advanced = await price('Advanced', 2400, 'month', 'portal_advanced');
  yearly = await price('Advanced yearly', 24000, 'year', 'portal_advanced_yearly');
});
afterAll(() => t.stop());

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const productOf = (price: Stripe.Price) => String(price.product);

type UpdateFeature = Stripe.BillingPortal.ConfigurationCreateParams.Features.SubscriptionUpdate;
/** To send a cancel feature without its required `enabled`, as a careless caller might. */
type CancelFeature = Stripe.BillingPortal.ConfigurationCreateParams.Features.SubscriptionCancel;

const plansUpdate = (fields: Partial<UpdateFeature> = {}): UpdateFeature => ({
  enabled: true,
  default_allowed_updates: ['price'],
  products: [basic, advanced, yearly].map((price) => ({ product: productOf(price), prices: [price.id] })),
  proration_behavior: 'always_invoice',
  schedule_at_period_end: {
    conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
  },
  trial_update_behavior: 'continue_trial',
  ...fields,
});

const configure = (features: Stripe.BillingPortal.ConfigurationCreateParams.Features, extra = {}) =>
  t.stripe.billingPortal.configurations.create({ features, ...extra });

const subscribe = (price: Stripe.Price, trialDays?: number) =>
  subscribeThroughCheckout(t, price, { trialDays });

const portalFor = async (subscription: Stripe.Subscription, configuration?: string) => {
  const session = await t.stripe.billingPortal.sessions.create({
    customer: String(subscription.customer),
    return_url: 'http://app.test/manage-account',
    ...(configuration && { configuration }),
  });
  return { session, page: await (await fetch(session.url)).text() };
};

const post = (url: string, form: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });

const switchTo = (portal: string, subscription: Stripe.Subscription, price: Stripe.Price) =>
  post(`${portal}/subscriptions/${subscription.id}/switch`, { price: price.id });

const currentPrice = async (subscription: Stripe.Subscription) =>
  (await t.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id;

describe('the configurations API', () => {
  it('creates a configuration from Stripe’s defaults plus what is given, never the default one', async () => {
    const created = await configure(
      { invoice_history: { enabled: true }, subscription_update: plansUpdate() },
      {
        business_profile: { headline: 'Manage your plan', privacy_policy_url: 'https://app.test/privacy' },
        default_return_url: 'https://app.test/manage-account',
        metadata: { purpose: 'plans' },
        name: 'Plans',
      },
    );
    expect(created.id).toMatch(/^bpc_1[0-9A-Za-z]{23}$/);
    expect(created).toMatchObject({
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      name: 'Plans',
      metadata: { purpose: 'plans' },
      default_return_url: 'https://app.test/manage-account',
      business_profile: { headline: 'Manage your plan', terms_of_service_url: null },
      login_page: { enabled: false, url: null },
    });
    expect(created.features).toMatchObject({
      customer_update: { enabled: false, allowed_updates: [] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: false },
      subscription_cancel: { enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: {
        enabled: true,
        proration_behavior: 'always_invoice',
        trial_update_behavior: 'continue_trial',
      },
    });
    expect(created.features.subscription_update.products?.[0]).toEqual({
      product: productOf(basic),
      prices: [basic.id],
      adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
    });
    expect(await t.stripe.billingPortal.configurations.retrieve(created.id)).toEqual(created);
  });

  it('updates only what it names, and lists with filters', async () => {
    const created = await configure({ invoice_history: { enabled: true } }, { metadata: { a: '1', b: '2' } });
    const updated = await t.stripe.billingPortal.configurations.update(created.id, {
      active: false,
      features: { subscription_cancel: { enabled: true, mode: 'immediately' } },
      metadata: { b: '' },
    });
    expect(updated).toMatchObject({ active: false, metadata: { a: '1' } });
    expect(updated.features.invoice_history.enabled).toBe(true);
    expect(updated.features.subscription_cancel).toMatchObject({ enabled: true, mode: 'immediately' });
    const inactive = await t.stripe.billingPortal.configurations.list({ active: false });
    expect(inactive.data.map((configuration) => configuration.id)).toEqual([created.id]);
    const defaults = await t.stripe.billingPortal.configurations.list({ is_default: true });
    expect(defaults.data).toHaveLength(1);
    expect(defaults.data[0]?.features.subscription_update.enabled).toBe(true);
  });

  it('refuses what Stripe refuses', async () => {
    const cases: [() => Promise<unknown>, Record<string, unknown>][] = [
      [
        () =>
          t.stripe.billingPortal.configurations.create({} as Stripe.BillingPortal.ConfigurationCreateParams),
        { code: 'parameter_missing', param: 'features' },
      ],
      [
        () => configure({ subscription_cancel: { mode: 'immediately' } as unknown as CancelFeature }),
        { code: 'parameter_missing', param: 'features[subscription_cancel][enabled]' },
      ],
      [
        () => configure({ subscription_update: plansUpdate({ proration_behavior: 'sometimes' }) }),
        { param: 'features[subscription_update][proration_behavior]' },
      ],
      [
        () => configure({ subscription_cancel: { enabled: true, proration_behavior: 'always_invoice' } }),
        { param: 'features[subscription_cancel][proration_behavior]' },
      ],
      [
        () => configure({ subscription_cancel: { enabled: true, proration_behavior: 'create_prorations' } }),
        { param: 'features[subscription_cancel][proration_behavior]' },
      ],
      [
        () =>
          configure({
            subscription_update: plansUpdate({ products: [{ product: 'prod_nope', prices: [basic.id] }] }),
          }),
        {
          statusCode: 404,
          code: 'resource_missing',
          param: 'features[subscription_update][products][0][product]',
        },
      ],
      [
        () =>
          configure({
            subscription_update: plansUpdate({
              products: [{ product: productOf(basic), prices: [advanced.id] }],
            }),
          }),
        { param: 'features[subscription_update][products][0][prices][0]' },
      ],
      [
        () => configure({ subscription_update: plansUpdate({ products: [] }) }),
        { param: 'features[subscription_update][products]' },
      ],
      [
        () =>
          configure(
            { invoice_history: { enabled: true } },
            { business_profile: { headline: 'x'.repeat(61) } },
          ),
        { param: 'business_profile[headline]' },
      ],
    ];
    for (const [call, expected] of cases) {
      expect(await errorOf(call())).toMatchObject({ statusCode: 400, ...expected });
    }
  });

  it('keeps the default configuration, which stands for the Dashboard, out of reach of updates', async () => {
    const [dashboard] = (await t.stripe.billingPortal.configurations.list({ is_default: true })).data;
    expect(
      await errorOf(t.stripe.billingPortal.configurations.update(dashboard?.id ?? '', { name: 'x' })),
    ).toMatchObject({ statusCode: 400 });
  });
});

describe('portal sessions that follow a configuration', () => {
  it('offers no plan switch when subscription updates are off, and no cancel button when cancelling is off', async () => {
    const subscription = await subscribe(basic);
    const invoicesOnly = await configure({ invoice_history: { enabled: true } });
    const { session, page } = await portalFor(subscription, invoicesOnly.id);
    expect(session.configuration).toBe(invoicesOnly.id);
    expect(page).not.toContain('Switch to');
    expect(page).not.toContain('Cancel subscription');
    expect(page).toContain('Invoice history');
    expect((await switchTo(session.url, subscription, advanced)).status).toBe(404);
    expect((await post(`${session.url}/subscriptions/${subscription.id}/cancel`)).status).toBe(404);
    expect(await currentPrice(subscription)).toBe(basic.id);
  });

  it('offers only the configuration’s prices', async () => {
    const subscription = await subscribe(basic);
    const onlyAdvanced = await configure({
      subscription_update: plansUpdate({
        products: [{ product: productOf(advanced), prices: [advanced.id] }],
      }),
    });
    const { session, page } = await portalFor(subscription, onlyAdvanced.id);
    expect(page).toContain('Switch to Advanced (£24.00 per month)');
    expect(page).not.toContain('Advanced yearly');
    expect((await switchTo(session.url, subscription, yearly)).status).toBe(404);
  });

  it('applies an upgrade at once with its proration invoiced, and schedules a cheaper plan for the period end', async () => {
    const subscription = await subscribe(basic);
    const plans = await configure({ subscription_update: plansUpdate() });
    const { session } = await portalFor(subscription, plans.id);
    expect((await switchTo(session.url, subscription, advanced)).status).toBe(303);
    expect(await currentPrice(subscription)).toBe(advanced.id);
    const updated = await t.waitForEvent('customer.subscription.updated', subscription.id);
    expect(updated.data.previous_attributes).toHaveProperty('items');
    const proration = await t.receiver.waitFor(
      (webhook) => webhook.body.includes('"subscription_update"') && webhook.body.includes(subscription.id),
    );
    const invoice = t.verify(proration).data.object as Stripe.Invoice;
    // Switched at the start of the period: nearly the whole difference (£15.00).
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_update' });
    expect(invoice.amount_paid).toBeGreaterThan(1490);
    expect(invoice.amount_paid).toBeLessThanOrEqual(1500);

    expect((await switchTo(session.url, subscription, basic)).status).toBe(303);
    expect(await currentPrice(subscription)).toBe(advanced.id);
    expect(await (await fetch(session.url)).text()).toContain('Changes to Basic on');
  });

  it('schedules a shorter interval for the period end under shortening_interval', async () => {
    const subscription = await subscribe(yearly);
    const shorter = await configure({
      subscription_update: plansUpdate({
        schedule_at_period_end: { conditions: [{ type: 'shortening_interval' }] },
      }),
    });
    const { session } = await portalFor(subscription, shorter.id);
    expect((await switchTo(session.url, subscription, advanced)).status).toBe(303);
    expect(await currentPrice(subscription)).toBe(yearly.id);
    expect(await (await fetch(session.url)).text()).toContain('Changes to Advanced on');
  });

  it('applies a cheaper plan at once when no condition schedules it', async () => {
    const subscription = await subscribe(advanced);
    const immediate = await configure({
      subscription_update: plansUpdate({
        schedule_at_period_end: { conditions: [] },
        proration_behavior: 'none',
      }),
    });
    const { session } = await portalFor(subscription, immediate.id);
    expect((await switchTo(session.url, subscription, basic)).status).toBe(303);
    expect(await currentPrice(subscription)).toBe(basic.id);
  });

  it('keeps a trial across a switch, or ends it and bills the new plan, as trial_update_behavior says', async () => {
    const kept = await subscribe(basic, 14);
    const continueTrial = await configure({ subscription_update: plansUpdate() });
    const first = await portalFor(kept, continueTrial.id);
    await switchTo(first.session.url, kept, advanced);
    expect(await t.stripe.subscriptions.retrieve(kept.id)).toMatchObject({ status: 'trialing' });

    const ended = await subscribe(basic, 14);
    const endTrial = await configure({
      subscription_update: plansUpdate({ trial_update_behavior: 'end_trial' }),
    });
    const second = await portalFor(ended, endTrial.id);
    await switchTo(second.session.url, ended, advanced);
    const now = await t.stripe.subscriptions.retrieve(ended.id);
    expect(now.status).toBe('active');
    expect(now.trial_end).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const invoice = await t.receiver.waitFor(
      (webhook) => webhook.body.includes('"subscription_update"') && webhook.body.includes(ended.id),
    );
    expect((t.verify(invoice).data.object as Stripe.Invoice).amount_paid).toBe(2400);
  });

  it('cancels at once when the configuration says so', async () => {
    const subscription = await subscribe(basic);
    const cancelNow = await configure({ subscription_cancel: { enabled: true, mode: 'immediately' } });
    const { session, page } = await portalFor(subscription, cancelNow.id);
    expect(page).toContain('Cancel subscription now');
    expect((await post(`${session.url}/subscriptions/${subscription.id}/cancel`)).status).toBe(303);
    expect((await t.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await t.waitForEvent('customer.subscription.deleted', subscription.id);
  });

  it('refuses an unknown or inactive configuration', async () => {
    const subscription = await subscribe(basic);
    expect(await errorOf(portalFor(subscription, 'bpc_unknown'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'configuration',
    });
    const off = await configure({ invoice_history: { enabled: true } });
    await t.stripe.billingPortal.configurations.update(off.id, { active: false });
    expect(await errorOf(portalFor(subscription, off.id))).toMatchObject({
      statusCode: 400,
      param: 'configuration',
    });
  });
});

describe('the default configuration', () => {
  it('is used by a session that names none: here, switching between the plans', async () => {
    const subscription = await subscribe(basic);
    const { session, page } = await portalFor(subscription);
    const [dashboard] = (await t.stripe.billingPortal.configurations.list({ is_default: true })).data;
    expect(session.configuration).toBe(dashboard?.id);
    expect(page).toContain('Switch to Advanced (£24.00 per month)');
  });

  it('does not exist in an account whose portal settings were never saved, as in a new Stripe account', async () => {
    const fresh = await startTestEmulator({ dashboardPortalSettings: 'none' });
    try {
      const price = await fresh.stripe.prices.create({
        currency: 'gbp',
        unit_amount: 900,
        recurring: { interval: 'month' },
        product_data: { name: 'Basic' },
      });
      const checkout = await fresh.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://app.test/ok',
      });
      await submitCheckoutPage(checkout.url ?? '');
      const completed = await fresh.waitForEvent('checkout.session.completed', checkout.id);
      const customer = String((completed.data.object as Stripe.Checkout.Session).customer);
      const error = await errorOf(fresh.stripe.billingPortal.sessions.create({ customer }));
      expect(error).toMatchObject({ statusCode: 400 });
      expect((error as Error).message).toMatch(/until you save your customer portal settings/);
      expect((await fresh.stripe.billingPortal.configurations.list()).data).toEqual([]);
      const own = await fresh.stripe.billingPortal.configurations.create({
        features: { invoice_history: { enabled: true } },
      });
      expect(
        (await fresh.stripe.billingPortal.sessions.create({ customer, configuration: own.id })).url,
      ).toContain('/p/session/');
    } finally {
      await fresh.stop();
    }
  });
});
