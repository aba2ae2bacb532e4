/**
 * Stripe's test cards: the hosted checkout page charges these. Declines use Stripe's own
 * customer-facing messages; 4000 0000 0000 0259 succeeds and is then disputed as fraudulent; any other
 * number that passes the Luhn check succeeds, as most of Stripe's test numbers do.
 */
export type CardOutcome = { ok: true; disputed?: true } | { ok: false; message: string };

/** Stripe's test card whose payment succeeds, then is disputed as fraudulent (a chargeback). */
export const DISPUTED_TEST_CARD = '4000000000000259';

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

export const chargeTestCard = (cardNumber: string): CardOutcome => {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, message: 'Your card number is incorrect.' };
  }
  const decline = DECLINES[digits];
  if (decline !== undefined) return { ok: false, message: decline };
  return digits === DISPUTED_TEST_CARD ? { ok: true, disputed: true } : { ok: true };
};
