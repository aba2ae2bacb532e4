import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from './signing';

const stripe = new Stripe('sk_test_unit');
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' }, null, 2);

describe('stripeSignatureHeader', () => {
  it('matches the header the stripe SDK generates for the same timestamp', () => {
    const timestamp = 1_700_000_000;
    expect(stripeSignatureHeader(payload, 'whsec_unit', timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_unit', timestamp }),
    );
  });

  it('is accepted by constructEvent with the right secret only', () => {
    const header = stripeSignatureHeader(payload, 'whsec_unit');
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_unit').id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(payload.replace('evt_1', 'evt_2'), header, 'whsec_unit'),
    ).toThrow();
  });
});
