/** Checkout Session lifecycle after creation: retrieve, expire, and pay on the hosted page. */
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { unixNow } from '../webhooks/signing';
import { chargeTestCard } from './cards';
import { completeSession, takePayment } from './checkout-payment';
import { ownerOf, type Owner } from './ownership';
import type { PaymentMethodUsed } from './payment-methods';
import { findOrCreateCustomer } from './payments';
import { startSubscription } from './subscriptions';
import type { StoredCheckoutSession } from './types';
import { requireEmail } from './validate';

export const expireCheckoutSession = (ctx: EmulatorContext, stored: StoredCheckoutSession): void => {
  const { session } = stored;
  session.status = 'expired';
  session.url = null;
  ctx.store.changed();
  ctx.emit('checkout.session.expired', session, { account: ownerOf(ctx, session.id) ?? undefined });
};

/** Sessions past `expires_at` expire when next looked at (and by the periodic sweep). */
export const expireIfDue = (ctx: EmulatorContext, stored: StoredCheckoutSession): void => {
  if (stored.session.status === 'open' && stored.session.expires_at <= unixNow()) {
    expireCheckoutSession(ctx, stored);
  }
};

export const expireAllDue = (ctx: EmulatorContext): void => {
  for (const stored of Object.values(ctx.state.checkoutSessions)) expireIfDue(ctx, stored);
};

/** Any session, whoever it belongs to (hosted pages and controls are reached by id alone). */
export const findCheckoutSession = (ctx: EmulatorContext, id: string): StoredCheckoutSession | undefined => {
  const stored = ctx.state.checkoutSessions[id];
  if (stored !== undefined) expireIfDue(ctx, stored);
  return stored;
};

/** A session of `owner` (the platform, or the connected account of the `Stripe-Account` header). */
export const requireCheckoutSession = (
  ctx: EmulatorContext,
  id: string,
  owner: Owner,
): StoredCheckoutSession => {
  const stored = ownerOf(ctx, id) === owner ? findCheckoutSession(ctx, id) : undefined;
  if (stored === undefined) throw resourceMissing('checkout.session', id, 'session');
  return stored;
};

/** `POST /v1/checkout/sessions/:id/expire` (and the emulator's `expireSession`). */
export const expireOpenCheckoutSession = (
  ctx: EmulatorContext,
  id: string,
  owner: Owner = ownerOf(ctx, id),
): StoredCheckoutSession => {
  const stored = requireCheckoutSession(ctx, id, owner);
  if (stored.session.status !== 'open') {
    throw invalidRequest(
      `This Checkout Session is ${stored.session.status}. Only Checkout Sessions with a status of \`open\` can be expired.`,
      'session',
    );
  }
  expireCheckoutSession(ctx, stored);
  return stored;
};

export const successRedirectUrl = (stored: StoredCheckoutSession): string | null =>
  stored.session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', stored.session.id) ?? null;

export type PaymentResult = { ok: true } | { ok: false; message: string };

/** What the hosted page's forms send: the email and one way to pay. */
export interface CheckoutForm {
  email: string;
  method: 'card' | 'bacs_debit';
  cardNumber: string;
  accountHolder: string;
  sortCode: string;
  accountNumber: string;
}

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The hosted page's own checks of a Direct Debit form (its wording, as Stripe's page is not an API). */
const readBankAccount = (form: CheckoutForm): PaymentMethodUsed | string => {
  const sortCode = digitsOf(form.sortCode);
  const accountNumber = digitsOf(form.accountNumber);
  if (form.accountHolder.trim() === '') return 'Enter the name of the account holder.';
  if (!/^\d{6}$/.test(sortCode)) return 'Your sort code is incomplete.';
  if (!/^\d{8}$/.test(accountNumber)) return 'Your account number is incomplete.';
  return { type: 'bacs_debit', name: form.accountHolder.trim(), sortCode, accountNumber };
};

const subscribe = (ctx: EmulatorContext, stored: StoredCheckoutSession, email: string): void => {
  const { session } = stored;
  const customer = findOrCreateCustomer(ctx, session.customer, email);
  const subscription = startSubscription(ctx, stored, customer.id);
  session.customer = customer.id;
  session.subscription = subscription.id;
  completeSession(ctx, stored, email, 'paid');
};

/**
 * What "Pay" does: a declined card or a bad bank account changes nothing; a good card completes the
 * session, paid; a Direct Debit completes it unpaid until the payment settles.
 */
export const payCheckoutSession = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  form: CheckoutForm,
): PaymentResult => {
  const { session } = stored;
  if (session.status !== 'open') return { ok: false, message: 'This Checkout Session is no longer active.' };
  const email = session.customer_email ?? form.email.trim();
  try {
    requireEmail(email, 'email');
  } catch {
    return { ok: false, message: 'Your email address is invalid.' };
  }
  if (!session.payment_method_types.includes(form.method)) {
    return { ok: false, message: 'This payment method is not available for this payment.' };
  }
  if (form.method === 'bacs_debit') {
    const bankAccount = readBankAccount(form);
    if (typeof bankAccount === 'string') return { ok: false, message: bankAccount };
    takePayment(ctx, stored, email, bankAccount);
    return { ok: true };
  }
  const outcome = chargeTestCard(form.cardNumber);
  if (!outcome.ok) return outcome;
  if (session.mode === 'subscription') subscribe(ctx, stored, email);
  else takePayment(ctx, stored, email, { type: 'card', digits: digitsOf(form.cardNumber) }, outcome.disputed);
  return { ok: true };
};
