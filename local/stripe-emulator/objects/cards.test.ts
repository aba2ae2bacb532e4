import { describe, expect, it } from 'vitest';
import { chargeTestCard } from './cards';

describe('chargeTestCard', () => {
  it('accepts the standard test cards, with or without spaces', () => {
    expect(chargeTestCard('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(chargeTestCard('5555555555554444')).toEqual({ ok: true });
  });

  it("declines Stripe's decline cards with Stripe's messages", () => {
    expect(chargeTestCard('4000 0000 0000 0002')).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(chargeTestCard('4000000000009995')).toEqual({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
  });

  it('lets the dispute test card pay, marked to be disputed', () => {
    expect(chargeTestCard('4000 0000 0000 0259')).toEqual({ ok: true, disputed: true });
  });

  it('rejects numbers that fail the Luhn check or are not numbers', () => {
    expect(chargeTestCard('4242 4242 4242 4241')).toEqual({
      ok: false,
      message: 'Your card number is incorrect.',
    });
    expect(chargeTestCard('not a card')).toEqual({ ok: false, message: 'Your card number is incorrect.' });
  });
});
