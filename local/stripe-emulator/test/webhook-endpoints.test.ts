/**
 * Webhook endpoints through the real SDK: made, listed, changed and deleted as Stripe does it, each
 * with its own secret shown once; and the delivery routing: an event goes to each enabled endpoint
 * subscribed to it whose kind (platform or Connect) matches where it happened, signed with that
 * endpoint's secret, while the forwarding URL (`setWebhookUrl`) keeps receiving everything.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createOnboardedAccount,
  eventType,
  paidPlatformSession,
  type ReceivedWebhook,
  startTestEmulator,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  type TestEmulator,
  type WebhookReceiver,
} from '../testing';

const CONNECT_FORWARDING_SECRET = 'whsec_emulator_tests_connect';

let t: TestEmulator;
const receivers: WebhookReceiver[] = [];
const endpointIds: string[] = [];
beforeAll(async () => {
  t = await startTestEmulator({ connectWebhookSecret: CONNECT_FORWARDING_SECRET });
});
afterEach(async () => {
  // Endpoints live as long as the emulator: remove this test's so the next test sees only its own.
  await Promise.all(endpointIds.splice(0).map((id) => t.stripe.webhookEndpoints.del(id)));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});
afterAll(() => t.stop());

const receiver = async () => {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
};

const createEndpoint = async (params: Stripe.WebhookEndpointCreateParams) => {
  const endpoint = await t.stripe.webhookEndpoints.create(params);
  endpointIds.push(endpoint.id);
  return endpoint;
};

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const verifyWith = (webhook: ReceivedWebhook, secret: string) =>
  t.stripe.webhooks.constructEvent(webhook.body, String(webhook.headers['stripe-signature']), secret);

const payForAnOrder = async () => (await paidPlatformSession(t.stripe)).id;

/** Waits until `receiver` got `count` webhooks, then a little longer to catch any it should not get. */
const settled = async (target: WebhookReceiver, count: number) => {
  if (count > 0) await target.waitFor(() => target.received.length >= count);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return target.received;
};

describe('the webhook endpoints API', () => {
  it('creates an endpoint with its own signing secret, shown only in the answer to the create call', async () => {
    const created = await createEndpoint({
      url: 'https://shutterlane.test/api/webhooks/stripe',
      enabled_events: ['checkout.session.completed', 'invoice.paid'],
      api_version: Stripe.API_VERSION,
      description: 'Platform events',
      metadata: { role: 'platform' },
    });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      status: 'enabled',
      api_version: Stripe.API_VERSION,
      enabled_events: ['checkout.session.completed', 'invoice.paid'],
      description: 'Platform events',
      metadata: { role: 'platform' },
      livemode: false,
    });
    expect(created.id).toMatch(/^we_1[0-9A-Za-z]{23}$/);
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const retrieved = await t.stripe.webhookEndpoints.retrieve(created.id);
    expect(retrieved.secret).toBeUndefined();
    expect(retrieved).not.toHaveProperty('connect');
    const listed = await t.stripe.webhookEndpoints.list();
    expect(listed.data.map((endpoint) => [endpoint.id, endpoint.secret])).toEqual([[created.id, undefined]]);
  });

  it('lists newest first, pages with cursors, and changes what Stripe lets an update change', async () => {
    const first = await createEndpoint({ url: 'https://a.test/hook', enabled_events: ['*'] });
    const second = await createEndpoint({ url: 'https://b.test/hook', enabled_events: ['*'] });
    const page = await t.stripe.webhookEndpoints.list({ limit: 1 });
    expect(page.data.map((endpoint) => endpoint.id)).toEqual([second.id]);
    expect(page.has_more).toBe(true);
    const next = await t.stripe.webhookEndpoints.list({ limit: 1, starting_after: second.id });
    expect(next.data.map((endpoint) => endpoint.id)).toEqual([first.id]);

    const updated = await t.stripe.webhookEndpoints.update(first.id, {
      url: 'https://c.test/hook',
      enabled_events: ['invoice.paid'],
      disabled: true,
      description: '',
      metadata: { a: '1' },
    });
    expect(updated).toMatchObject({
      url: 'https://c.test/hook',
      enabled_events: ['invoice.paid'],
      status: 'disabled',
      description: null,
      metadata: { a: '1' },
    });
    expect(updated.secret).toBeUndefined();
    const deleted = await t.stripe.webhookEndpoints.del(second.id);
    endpointIds.splice(endpointIds.indexOf(second.id), 1);
    expect(deleted).toEqual({ id: second.id, object: 'webhook_endpoint', deleted: true });
    expect(await errorOf(t.stripe.webhookEndpoints.retrieve(second.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refuses what Stripe refuses: unknown event types, no events, a bad URL, unknown versions and parameters', async () => {
    const unknownType = await errorOf(
      t.stripe.webhookEndpoints.create({
        url: 'https://a.test/hook',
        enabled_events: ['invoice.paid', 'invoice.teleported' as 'invoice.paid'],
      }),
    );
    expect(unknownType).toMatchObject({ statusCode: 400, param: 'enabled_events[1]' });
    expect((unknownType as Error).message).toMatch(
      /^Invalid enabled_events\[1\]: must be one of \*, account\./,
    );
    const noEvents = await errorOf(
      t.stripe.webhookEndpoints.create({ url: 'https://a.test/hook', enabled_events: [] }),
    );
    expect(noEvents).toMatchObject({ code: 'parameter_missing', param: 'enabled_events' });
    expect(
      await errorOf(t.stripe.webhookEndpoints.create({ url: 'not a url', enabled_events: ['*'] })),
    ).toMatchObject({ code: 'url_invalid', param: 'url' });
    const version = await errorOf(
      t.stripe.webhookEndpoints.create({
        url: 'https://a.test/hook',
        enabled_events: ['*'],
        api_version: '2099-01-01' as Stripe.WebhookEndpointCreateParams.ApiVersion,
      }),
    );
    expect(version).toMatchObject({ statusCode: 400, param: 'api_version' });
    const connectOnUpdate = await createEndpoint({ url: 'https://a.test/hook', enabled_events: ['*'] });
    expect(
      await errorOf(
        t.stripe.webhookEndpoints.update(connectOnUpdate.id, {
          connect: true,
        } as Stripe.WebhookEndpointUpdateParams),
      ),
    ).toMatchObject({ code: 'parameter_unknown', param: 'connect' });
  });

  it('keeps to Stripe’s limit of 16 endpoints', async () => {
    for (let index = 0; index < 16; index += 1) {
      await createEndpoint({ url: `https://a.test/hook/${index}`, enabled_events: ['invoice.paid'] });
    }
    const error = await errorOf(
      t.stripe.webhookEndpoints.create({ url: 'https://a.test/hook/16', enabled_events: ['invoice.paid'] }),
    );
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
  });
});

describe('delivery to webhook endpoints', () => {
  it('sends platform events to platform endpoints and connected accounts’ events to Connect endpoints, each signed with its own secret', async () => {
    const [platformReceiver, connectReceiver, everythingReceiver, disabledReceiver] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
      receiver(),
    ]);
    const platform = await createEndpoint({
      url: platformReceiver.url,
      enabled_events: ['checkout.session.completed'],
    });
    const connect = await createEndpoint({
      url: connectReceiver.url,
      enabled_events: ['account.updated'],
      connect: true,
    });
    await createEndpoint({ url: everythingReceiver.url, enabled_events: ['*'] });
    const disabled = await createEndpoint({ url: disabledReceiver.url, enabled_events: ['*'] });
    await t.stripe.webhookEndpoints.update(disabled.id, { disabled: true });

    const seller = await createOnboardedAccount(t.stripe);
    const sessionId = await payForAnOrder();

    const [toPlatform] = await settled(platformReceiver, 1);
    expect(verifyWith(toPlatform as ReceivedWebhook, platform.secret ?? '')).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: sessionId } },
    });
    expect(() => verifyWith(toPlatform as ReceivedWebhook, connect.secret ?? '')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const [toConnect] = await settled(connectReceiver, 1);
    expect(verifyWith(toConnect as ReceivedWebhook, connect.secret ?? '')).toMatchObject({
      type: 'account.updated',
      account: seller.id,
    });
    // `*` on a platform endpoint: every platform event (the payment's too), but no connected account's update.
    expect((await settled(everythingReceiver, 3)).map(eventType).sort()).toEqual([
      'charge.succeeded',
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
    expect(await settled(disabledReceiver, 0)).toEqual([]);
  });

  it('keeps forwarding every event to the setWebhookUrl URL, Connect events signed with the Connect forwarding secret', async () => {
    const before = t.receiver.received.length;
    const seller = await createOnboardedAccount(t.stripe);
    const forwarded = await t.receiver.waitFor(
      (webhook) => t.receiver.received.indexOf(webhook) >= before && eventType(webhook) === 'account.updated',
    );
    expect(verifyWith(forwarded, CONNECT_FORWARDING_SECRET)).toMatchObject({ account: seller.id });
    expect(() => verifyWith(forwarded, TEST_WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('resends an event to the endpoints that want it now', async () => {
    const sessionId = await payForAnOrder();
    const event = await t.waitForEvent('checkout.session.completed', sessionId);
    const late = await receiver();
    const endpoint = await createEndpoint({ url: late.url, enabled_events: ['checkout.session.completed'] });
    await fetch(`${t.emulator.url}/__control/events/${event.id}/resend`, { method: 'POST' });
    const [resent] = await settled(late, 1);
    expect(verifyWith(resent as ReceivedWebhook, endpoint.secret ?? '').id).toBe(event.id);
  });
});

describe('persistence', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps endpoints and their secrets across a restart, where the local stack can read them back', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stripe-emulator-endpoints-'));
    const first = await startTestEmulator({ dataDir });
    const target = await receiver();
    const endpoint = await first.stripe.webhookEndpoints.create({
      url: target.url,
      enabled_events: ['account.updated'],
      connect: true,
    });
    await first.stop();
    const second = await startTestEmulator({ dataDir });
    try {
      expect((await second.stripe.webhookEndpoints.list()).data.map((listed) => listed.id)).toEqual([
        endpoint.id,
      ]);
      // What the API shows once, the Dashboard (and the emulator's control) reveals again.
      const revealed = [{ id: endpoint.id, url: target.url, connect: true, secret: endpoint.secret }];
      expect(second.emulator.webhookEndpointSecrets()).toEqual(revealed);
      const control = await fetch(`${second.emulator.url}/__control/webhook-endpoints`);
      expect(await control.json()).toEqual({ data: revealed });
      await createOnboardedAccount(second.stripe);
      const [delivered] = await settled(target, 1);
      expect(verifyWith(delivered as ReceivedWebhook, endpoint.secret ?? '').type).toBe('account.updated');
    } finally {
      await second.stop();
    }
  });
});
