/** Checkout Session lifecycle after creation: retrieve, expire, and pay on the hosted page. */
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { unixNow } from '../webhooks/signing';
import { chargeTestCard } from './cards';
import { createSucceededPaymentIntent, findOrCreateCustomer } from './payments';
import { startSubscription } from './subscriptions';
import type { StoredCheckoutSession } from './types';
import { requireEmail } from './validate';

export const expireCheckoutSession = (ctx: EmulatorContext, stored: StoredCheckoutSession): void => {
  const { session } = stored;
  session.status = 'expired';
  session.url = null;
  ctx.store.changed();
  ctx.emit('checkout.session.expired', session);
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

export const findCheckoutSession = (ctx: EmulatorContext, id: string): StoredCheckoutSession | undefined => {
  const stored = ctx.state.checkoutSessions[id];
  if (stored !== undefined) expireIfDue(ctx, stored);
  return stored;
};

export const requireCheckoutSession = (ctx: EmulatorContext, id: string): StoredCheckoutSession => {
  const stored = findCheckoutSession(ctx, id);
  if (stored === undefined) throw resourceMissing('checkout.session', id, 'session');
  return stored;
};

/** `POST /v1/checkout/sessions/:id/expire` (and the emulator's `expireSession`). */
export const expireOpenCheckoutSession = (ctx: EmulatorContext, id: string): StoredCheckoutSession => {
  const stored = requireCheckoutSession(ctx, id);
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

/** What "Pay" does: a declined card changes nothing; a good card completes the session. */
export const payCheckoutSession = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  form: { email: string; cardNumber: string },
): PaymentResult => {
  const { session } = stored;
  if (session.status !== 'open') return { ok: false, message: 'This Checkout Session is no longer active.' };
  const email = session.customer_email ?? form.email.trim();
  try {
    requireEmail(email, 'email');
  } catch {
    return { ok: false, message: 'Your email address is invalid.' };
  }
  const outcome = chargeTestCard(form.cardNumber);
  if (!outcome.ok) return outcome;
  completePaidSession(ctx, stored, email);
  return { ok: true };
};

const completePaidSession = (ctx: EmulatorContext, stored: StoredCheckoutSession, email: string): void => {
  const { session } = stored;
  if (session.mode === 'subscription') {
    const customer = findOrCreateCustomer(ctx, session.customer, email);
    const subscription = startSubscription(ctx, stored, customer.id);
    session.customer = customer.id;
    session.subscription = subscription.id;
  } else {
    session.payment_intent = createSucceededPaymentIntent(ctx, stored, email).id;
  }
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  session.customer_details = {
    email,
    name: null,
    phone: null,
    address: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  ctx.store.changed();
  ctx.emit('checkout.session.completed', session);
};
