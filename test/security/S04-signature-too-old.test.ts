/**
 * S04: a genuine event signed 301 seconds ago (Stripe's tolerance is 300 s): 400, nothing changed. A
 * replayed old delivery cannot fulfil anything.
 */
import { describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  deliverSigned,
  eventOf,
  expectRefusedWithoutEffect,
  payWithoutDelivery,
} from './support/stripe-cases';

const env = useTestStack();

describe('S04 signature timestamp now − 301 s', () => {
  it('is refused with 400 and changes nothing', async () => {
    const payment = await payWithoutDelivery(env);
    const payload = eventOf(payment.events, 'checkout.session.completed');
    await expectRefusedWithoutEffect(env, payment, async () => {
      const old = await deliverSigned(env, payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(old).toEqual({ status: 400, body: { message: serverErrors.stripeSignatureInvalid } });
    });
  });
});
