import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyStripeEvent, type WebhookSecrets } from './signature';

const PLATFORM = 'whsec_unit_platform';
const CONNECT = 'whsec_unit_connect';
const stripe = new Stripe('sk_test_unit');
const TOLERANCE = 300;

const payload = (type: string, account?: string) =>
  JSON.stringify({
    id: `evt_${type}`,
    object: 'event',
    type,
    ...(account && { account }),
    data: { object: {} },
  });

const verify = (body: string, secret: string, secrets: WebhookSecrets) =>
  verifyStripeEvent(
    stripe.webhooks,
    {
      rawBody: Buffer.from(body),
      signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    secrets,
    TOLERANCE,
  );

describe('verifyStripeEvent with both secrets', () => {
  const both = { platform: PLATFORM, connect: CONNECT };

  it('accepts a platform event signed with the platform secret', () => {
    expect(verify(payload('invoice.paid'), PLATFORM, both)).toMatchObject({
      source: 'platform',
      event: { type: 'invoice.paid' },
    });
  });

  it('accepts a connected account’s event signed with the Connect secret', () => {
    expect(verify(payload('account.updated', 'acct_1'), CONNECT, both)).toMatchObject({
      source: 'connect',
      event: { account: 'acct_1' },
    });
  });

  it('refuses a platform event signed with the Connect secret: that endpoint never carries one', () => {
    const result = verify(payload('checkout.session.completed'), CONNECT, both);
    expect(result).toEqual({ refused: expect.stringMatching(/connect secret: verified a platform event/) });
  });

  it('refuses a connected account’s event signed with the platform secret', () => {
    expect(verify(payload('account.updated', 'acct_1'), PLATFORM, both)).toHaveProperty('refused');
  });

  it('refuses a signature made with neither secret, or over other bytes', () => {
    expect(verify(payload('invoice.paid'), 'whsec_other', both)).toHaveProperty('refused');
    const body = payload('invoice.paid');
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: PLATFORM });
    const tampered = verifyStripeEvent(
      stripe.webhooks,
      { rawBody: Buffer.from(body.replace('invoice.paid', 'invoice.paym')), signature: header },
      both,
      TOLERANCE,
    );
    expect(tampered).toHaveProperty('refused');
  });
});

describe('verifyStripeEvent without a Connect secret (one endpoint, as before)', () => {
  const platformOnly = { platform: PLATFORM };

  it('checks connected accounts’ events with the platform secret', () => {
    expect(verify(payload('account.updated', 'acct_1'), PLATFORM, platformOnly)).toMatchObject({
      source: 'connect',
    });
    expect(verify(payload('invoice.paid'), PLATFORM, platformOnly)).toMatchObject({ source: 'platform' });
  });

  it('still refuses any other secret', () => {
    expect(verify(payload('account.updated', 'acct_1'), CONNECT, platformOnly)).toHaveProperty('refused');
  });
});
