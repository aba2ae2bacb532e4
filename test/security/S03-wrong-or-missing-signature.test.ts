/**
 * S03: a genuine event signed with a secret that is not the endpoint's (made up, or the other endpoint's),
 * a malformed signature header, or none: 400 with a clear message, never a 5xx, nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { webhookSecrets } from '../integration/payments-helpers';
import {
  eventOf,
  expectRefusedWithoutEffect,
  payWithoutDelivery,
  postWebhook,
  signatureFor,
} from './support/stripe-cases';

const env = useTestStack();

const invalid = { status: 400, body: { message: serverErrors.stripeSignatureInvalid } };
const missing = { status: 400, body: { message: serverErrors.stripeSignatureMissing } };

describe('S03 wrong secret or no signature header', () => {
  it('answers 400 to each, never a 5xx, and changes nothing', async () => {
    const payment = await payWithoutDelivery(env);
    const payload = eventOf(payment.events, 'checkout.session.completed');
    const secrets = await webhookSecrets(env);
    const good = await signatureFor(env, payload);
    const timestamp = /t=(\d+)/.exec(good)![1]!;

    await expectRefusedWithoutEffect(env, payment, async () => {
      // A secret that is not ours, and the platform endpoint's secret on a connected-account event.
      expect(
        await postWebhook(env, payload, await signatureFor(env, payload, { secret: 'whsec_not_ours' })),
      ).toEqual(invalid);
      expect(
        await postWebhook(env, payload, await signatureFor(env, payload, { secret: secrets.platform })),
      ).toEqual(invalid);
      // Malformed headers.
      for (const header of [
        'garbage',
        `t=${timestamp}`,
        `t=${timestamp},v1=`,
        `t=${timestamp},v0=${'0'.repeat(64)}`,
        `t=notanumber,v1=${'a'.repeat(64)}`,
        `v1=${'a'.repeat(64)}`,
        `t=${timestamp},v1=${'z'.repeat(10_000)}`,
      ]) {
        expect(await postWebhook(env, payload, header), header.slice(0, 40)).toEqual(invalid);
      }
      // No header at all, or an empty one.
      expect(await postWebhook(env, payload, undefined)).toEqual(missing);
      expect(await postWebhook(env, payload, '')).toEqual(missing);
    });
  });
});
