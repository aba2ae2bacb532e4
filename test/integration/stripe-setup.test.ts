/**
 * `npm run stripe:setup` against the Stripe emulator, through its main function (as the local stack
 * can call it) and once as the command: a dry run changes nothing; a run makes the platform and
 * Connect webhook endpoints, subscribed to exactly the webhook function's events, and the plans'
 * portal configuration; the secrets it prints sign what each endpoint receives, and the webhook
 * function's verification takes each for its own events only; a second run changes nothing; drift is
 * put back. The tests run in order against one emulator (the plan prices are made once per process).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_HANDLERS,
  routeFor,
  subscribedEventTypes,
} from '../../functions/stripe-webhook/event-handlers';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../functions/stripe-webhook/service';
import { verifyStripeEvent } from '../../functions/stripe-webhook/signature';
import { startStripeEmulator, type StripeEmulator } from '@shutterlane/stripe-emulator';
import {
  createOnboardedAccount,
  eventType,
  paidPlatformSession,
  type ReceivedWebhook,
  startWebhookReceiver,
  submitCheckoutPage,
  type WebhookReceiver,
} from '@shutterlane/stripe-emulator/testing';
import { PORTAL_RETURN_PATH } from '../../functions/billing/service';
import { runStripeSetup, type SetupResult } from '../../ops/stripe-setup/run';
import { PLANS } from '#shared/rules/plans';

const SECRET_KEY = 'sk_test_stripe_setup';
let emulator: StripeEmulator;
let receiver: WebhookReceiver;
let stripe: Stripe;
let env: Record<string, string>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // No forwarding URL: only the endpoints the command makes receive events.
  emulator = await startStripeEmulator({
    port: 0,
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_not_forwarded',
  });
  stripe = new Stripe(SECRET_KEY, { host: 'localhost', port: emulator.port, protocol: 'http' });
  env = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_URL: emulator.url };
});
afterAll(async () => {
  await emulator?.stop();
  await receiver?.close();
});

const setUp = async (dryRun = false): Promise<{ result: SetupResult; output: string }> => {
  let output = '';
  const result = await runStripeSetup(
    { url: receiver.url, dryRun },
    { write: (text) => (output += text) },
    env,
  );
  return { result, output };
};

const listEndpoints = async () => (await stripe.webhookEndpoints.list({ limit: 100 })).data;
const ourConfigurations = async () =>
  (await stripe.billingPortal.configurations.list({ is_default: false, limit: 100 })).data;
const secretsOf = (result: SetupResult) =>
  Object.fromEntries(result.endpoints.map((endpoint) => [endpoint.role, endpoint.secret ?? '']));

let created: SetupResult;

describe('npm run stripe:setup', () => {
  it('changes nothing in a dry run, and says what it would do', async () => {
    const { result, output } = await setUp(true);
    expect(result.endpoints.map(({ role, action }) => [role, action])).toEqual([
      ['platform', 'would create'],
      ['connect', 'would create'],
    ]);
    expect(result.portal).toMatchObject({ action: 'would create', missingPrices: ['basic', 'advanced'] });
    expect(output).toContain('dry run: nothing changes');
    expect(await listEndpoints()).toEqual([]);
    expect(await ourConfigurations()).toEqual([]);
    const lookupKeys = [PLANS.basic.lookupKey, PLANS.advanced.lookupKey];
    expect((await stripe.prices.list({ lookup_keys: lookupKeys })).data).toEqual([]);
  });

  it('makes a platform and a Connect endpoint subscribed to exactly the webhook function’s events', async () => {
    const { result, output } = await setUp();
    created = result;
    expect(result.problems).toEqual([]);
    expect(result.endpoints.map(({ role, action }) => [role, action])).toEqual([
      ['platform', 'created'],
      ['connect', 'created'],
    ]);
    const endpoints = await listEndpoints();
    // Every handled type is subscribed, on the endpoint of each account kind it is handled from.
    const subscribed = new Set(endpoints.flatMap((endpoint) => endpoint.enabled_events));
    expect([...subscribed].sort()).toEqual(Object.keys(EVENT_HANDLERS).sort());
    for (const endpoint of endpoints) {
      expect(endpoint).toMatchObject({
        url: receiver.url,
        status: 'enabled',
        api_version: Stripe.API_VERSION,
      });
    }
    for (const role of ['platform', 'connect'] as const) {
      const made = result.endpoints.find((endpoint) => endpoint.role === role);
      const events = endpoints.find((endpoint) => endpoint.id === made?.id)?.enabled_events ?? [];
      expect([...events].sort()).toEqual(subscribedEventTypes(role).sort());
    }
    // Orders are paid on the sellers' accounts: their payment events come through the Connect endpoint.
    expect(subscribedEventTypes('connect')).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'charge.refunded', 'charge.dispute.closed']),
    );
    // Each new secret printed once, with the Secrets Manager secret it belongs in.
    for (const endpoint of result.endpoints) {
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect(output.split(endpoint.secret ?? '').length - 1).toBe(1);
    }
    expect(output).toContain('shutterlane/stripe-webhook-secret');
    expect(output).toContain('shutterlane/stripe-connect-webhook-secret');
  });

  it('makes the plans’ portal configuration: upgrade at once, downgrade at the period end', async () => {
    const [configuration] = await ourConfigurations();
    expect(configuration?.id).toBe(created.portal.id);
    const basic = (await stripe.prices.list({ lookup_keys: [PLANS.basic.lookupKey] })).data[0];
    const advanced = (await stripe.prices.list({ lookup_keys: [PLANS.advanced.lookupKey] })).data[0];
    expect(configuration?.features.subscription_update).toMatchObject({
      enabled: true,
      default_allowed_updates: ['price'],
      products: [
        expect.objectContaining({ product: basic?.product, prices: [basic?.id] }),
        expect.objectContaining({ product: advanced?.product, prices: [advanced?.id] }),
      ],
      proration_behavior: 'always_invoice',
      schedule_at_period_end: {
        conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
      },
    });
    expect(configuration?.features.subscription_cancel).toMatchObject({
      enabled: true,
      mode: 'at_period_end',
    });
    const origin = new URL(receiver.url).origin;
    expect(configuration?.business_profile).toMatchObject({
      privacy_policy_url: `${origin}/privacy`,
      terms_of_service_url: `${origin}/terms`,
    });
    expect(configuration?.default_return_url).toBe(`${origin}${PORTAL_RETURN_PATH}`);
  });

  it('delivers each event to its endpoint, signed with the secret it printed, which the webhook function accepts', async () => {
    const seller = await createOnboardedAccount(stripe);
    const session = await paidPlatformSession(stripe);
    const accountUpdated = await receiver.waitFor((webhook) => eventType(webhook) === 'account.updated');
    const completed = await receiver.waitFor(
      (webhook) => eventType(webhook) === 'checkout.session.completed',
    );
    const secrets = { platform: secretsOf(created).platform ?? '', connect: secretsOf(created).connect };
    const verify = (webhook: ReceivedWebhook, with_ = secrets) =>
      verifyStripeEvent(
        stripe.webhooks,
        { rawBody: Buffer.from(webhook.body), signature: String(webhook.headers['stripe-signature']) },
        with_,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    const connectEvent = verify(accountUpdated);
    expect(connectEvent).toMatchObject({ source: 'connect', event: { account: seller.id } });
    const platformEvent = verify(completed);
    expect(platformEvent).toMatchObject({
      source: 'platform',
      event: { data: { object: { id: session.id } } },
    });
    for (const verified of [connectEvent, platformEvent]) {
      if ('refused' in verified) throw new Error(verified.refused);
      const source = verified.source;
      expect(routeFor(verified.event)).toEqual({
        from: source,
        handle: EVENT_HANDLERS[verified.event.type as keyof typeof EVENT_HANDLERS]?.[source],
      });
    }
    // A direct charge on the seller's account: its completed session comes through the Connect endpoint.
    const direct = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'gbp', unit_amount: 900, product_data: { name: 'Photo' } } },
        ],
        success_url: 'http://app.test/ok',
      },
      { stripeAccount: seller.id },
    );
    await submitCheckoutPage(direct.url ?? '');
    const directCompleted = await receiver.waitFor(
      (webhook) => eventType(webhook) === 'checkout.session.completed' && webhook.body.includes(direct.id),
    );
    expect(verify(directCompleted)).toMatchObject({
      source: 'connect',
      event: { account: seller.id, data: { object: { id: direct.id } } },
    });
    // A platform event signed with the Connect secret (Stripe never sends one) is refused.
    const forged = stripe.webhooks.generateTestHeaderString({
      payload: completed.body,
      secret: secrets.connect ?? '',
    });
    expect(verify({ headers: { 'stripe-signature': forged }, body: completed.body })).toHaveProperty(
      'refused',
    );
  });

  it('changes nothing when run again, and prints no secret', async () => {
    const endpointsBefore = await listEndpoints();
    const [configurationBefore] = await ourConfigurations();
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // an update would move `updated` on
    const { result, output } = await setUp();
    expect(result.endpoints.map(({ action }) => action)).toEqual(['unchanged', 'unchanged']);
    expect(result.portal.action).toBe('unchanged');
    expect(output).not.toContain('whsec_');
    expect(await listEndpoints()).toEqual(endpointsBefore);
    expect(await ourConfigurations()).toEqual([configurationBefore]);
  });

  it('puts back what drifted, keeping the endpoints (and so their secrets)', async () => {
    const platformId = created.endpoints.find((endpoint) => endpoint.role === 'platform')?.id ?? '';
    await stripe.webhookEndpoints.update(platformId, { enabled_events: ['invoice.paid'], disabled: true });
    await stripe.billingPortal.configurations.update(created.portal.id ?? '', {
      active: false,
      features: { subscription_update: { proration_behavior: 'none' } },
    });
    const { result, output } = await setUp();
    expect(result.endpoints.map(({ action }) => action)).toEqual(['updated', 'unchanged']);
    expect(result.portal).toMatchObject({
      action: 'updated',
      differences: ['active', 'subscription_update'],
    });
    expect(output).not.toContain('whsec_');
    const platform = await stripe.webhookEndpoints.retrieve(platformId);
    expect(platform.status).toBe('enabled');
    expect([...platform.enabled_events].sort()).toEqual(subscribedEventTypes('platform').sort());
    const configuration = await stripe.billingPortal.configurations.retrieve(created.portal.id ?? '');
    expect(configuration).toMatchObject({ active: true });
    expect(configuration.features.subscription_update.proration_behavior).toBe('always_invoice');
  });

  it('names another endpoint at the same URL (made by hand) as one to delete', async () => {
    const byHand = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'] });
    const { result } = await setUp();
    expect(result.notes).toEqual([expect.stringContaining(byHand.id)]);
    await stripe.webhookEndpoints.del(byHand.id);
  });

  it('takes the portal’s links from --site-url when the site is not where the webhook goes (locally)', async () => {
    let output = '';
    const flags = { url: receiver.url, siteUrl: 'http://localhost:5173', dryRun: false };
    const { portal } = await runStripeSetup(flags, { write: (text) => (output += text) }, env);
    expect(portal).toMatchObject({
      action: 'updated',
      differences: ['business_profile', 'default_return_url'],
    });
    const configuration = await stripe.billingPortal.configurations.retrieve(portal.id ?? '');
    expect(configuration.business_profile.privacy_policy_url).toBe('http://localhost:5173/privacy');
    expect(configuration.default_return_url).toBe(`http://localhost:5173${PORTAL_RETURN_PATH}`);
    expect(output).toContain('Billing portal configuration');
  });

  it('runs as the npm command: dry run output, and a usage error for a plain-http public URL', async () => {
    const run = (args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'ops/stripe-setup.ts', ...args], {
        env: { ...process.env, ...env },
      }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const dry = await run(['--url', receiver.url, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Platform webhook endpoint we_1\w+: unchanged/);
    const refused = await run(['--url', 'http://shutterlane.com/api/webhooks/stripe']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--url must be https');
  });
});
