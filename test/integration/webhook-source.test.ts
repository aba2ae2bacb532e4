/**
 * Stripe's webhook path through the local edge answers Stripe's addresses only, read from the same IP set
 * as the deployment's (plus the emulator's loopback address, by the local deploy settings): a correctly
 * signed event from another address gets CloudFront's 403 page and never reaches the function, the same
 * bytes from the emulator's address are handled, and the emulator's own deliveries arrive.
 */
import { describe, expect, it } from 'vitest';
import { requestFrom } from '@shutterlane/local-stack/edge/testing';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { stripeOf, webhookSecrets } from './payments-helpers';

const env = useTestStack();

/** A POST to the webhook path from `localAddress`. */
const postFrom = (localAddress: string, body: string, signature: string) =>
  requestFrom(`${env.demo.apiUrl}/webhooks/stripe`, {
    localAddress,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      // What a sender may claim changes nothing: WAF matches the connection's address.
      'x-forwarded-for': '54.187.174.169',
    },
    body,
  });

describe("the webhook path from Stripe's addresses only", () => {
  it('refuses a signed event from another address at the edge, and handles it from the emulator’s', async () => {
    const event = {
      id: `evt_source_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'cus_source', object: 'customer' } },
    };
    const payload = JSON.stringify(event);
    const { platform } = await webhookSecrets(env);
    const signature = stripeOf(env).webhooks.generateTestHeaderString({ payload, secret: platform });

    const junk = await postFrom('127.0.0.2', payload, signature);
    expect(junk.status).toBe(403);
    expect(junk.body).toContain('Request blocked');
    // Percent-encoded, the path is the same path to WAF.
    const encoded = await requestFrom(`${env.demo.apiUrl}/webhooks/%73tripe`, {
      localAddress: '127.0.0.2',
      headers: { 'stripe-signature': signature },
      body: payload,
    });
    expect(encoded.status).toBe(403);

    const delivered = await postFrom('127.0.0.1', payload, signature);
    expect(delivered.status).toBe(200);
  });

  it('lets the emulator’s deliveries through', async () => {
    const [latest] = (await stripeOf(env).events.list({ limit: 1, type: 'checkout.session.completed' })).data;
    expect(latest).toBeDefined();
    const resent = await fetch(`${env.stack.urls.stripe}/__control/events/${latest!.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    const ours = `${env.demo.apiUrl}/webhooks/stripe`;
    await expect
      .poll(
        async () => {
          const { data } = (await (
            await fetch(`${env.stack.urls.stripe}/__control/webhook-deliveries`)
          ).json()) as {
            data: { eventId: string; url: string; status?: number }[];
          };
          return data
            .filter((attempt) => attempt.eventId === latest!.id && attempt.url === ours)
            .map((a) => a.status);
        },
        { timeout: 10_000 },
      )
      .toContain(200);
  });
});
