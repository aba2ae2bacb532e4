/**
 * What paying a Checkout Session in payment mode leaves behind, on the account the session belongs
 * to (the platform, or the connected account of a direct charge), and the events Stripe sends:
 *
 * - a card: the payment intent and charge succeed at once (`charge.succeeded`,
 *   `payment_intent.succeeded`, the platform's `application_fee.created`), then
 *   `checkout.session.completed` with `payment_status: 'paid'`; the dispute test card is then disputed;
 * - a Bacs Direct Debit: the payment intent is `processing` and the charge `pending`
 *   (`payment_intent.processing`, `charge.pending`), then `checkout.session.completed` with
 *   `payment_status: 'unpaid'`. Settling it later (`settleDelayedPayment`) succeeds (the money as for a
 *   card, `checkout.session.async_payment_succeeded`) or fails (`charge.failed`,
 *   `payment_intent.payment_failed`, `checkout.session.async_payment_failed`).
 */
import type Stripe from 'stripe';
import type { EmulatorContext } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { createCharge, failCharge, succeedCharge } from './charges';
import { openFraudulentDispute } from './disputes';
import { ownerOf, type Owner } from './ownership';
import { createPaymentIntent, markPaymentIntentFailed, markPaymentIntentSucceeded } from './payment-intents';
import type { PaymentMethodUsed } from './payment-methods';
import type { StoredCheckoutSession } from './types';

/** Why the emulator's Direct Debits fail when a test settles one as failed. */
const RETURNED_DIRECT_DEBIT = {
  code: 'insufficient_funds',
  message: 'The customer’s bank account has insufficient funds to cover this payment.',
};

const accountOf = (owner: Owner) => owner ?? undefined;

/** Marks the session complete and sends `checkout.session.completed`. */
export const completeSession = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  email: string,
  paymentStatus: 'paid' | 'unpaid',
): void => {
  const { session } = stored;
  session.status = 'complete';
  session.payment_status = paymentStatus;
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
  ctx.emit('checkout.session.completed', session, { account: accountOf(ownerOf(ctx, session.id)) });
};

const chargeSucceeds = (
  ctx: EmulatorContext,
  intent: Stripe.PaymentIntent,
  charge: Stripe.Charge,
  owner: Owner,
) => {
  succeedCharge(ctx, charge, owner);
  markPaymentIntentSucceeded(intent);
  ctx.store.changed();
  ctx.emit('charge.succeeded', charge, { account: accountOf(owner) });
  ctx.emit('payment_intent.succeeded', intent, { account: accountOf(owner) });
};

/** The customer pays `stored` (payment mode) with `method`; `disputed` for the dispute test card. */
export const takePayment = (
  ctx: EmulatorContext,
  stored: StoredCheckoutSession,
  email: string,
  method: PaymentMethodUsed,
  disputed = false,
): void => {
  const owner = ownerOf(ctx, stored.session.id);
  const intent = createPaymentIntent(ctx, stored, { owner, email, method });
  const charge = createCharge(ctx, { owner, intent, email, method });
  stored.session.payment_intent = intent.id;
  if (method.type === 'bacs_debit') {
    ctx.emit('charge.pending', charge, { account: accountOf(owner) });
    ctx.emit('payment_intent.processing', intent, { account: accountOf(owner) });
    completeSession(ctx, stored, email, 'unpaid');
    return;
  }
  chargeSucceeds(ctx, intent, charge, owner);
  completeSession(ctx, stored, email, 'paid');
  if (disputed) openFraudulentDispute(ctx, charge);
};

export type SettlementOutcome = 'succeeded' | 'failed';

const pendingPaymentOf = (ctx: EmulatorContext, sessionId: string) => {
  const stored = ctx.state.checkoutSessions[sessionId];
  if (stored === undefined) throw resourceMissing('checkout.session', sessionId, 'session');
  const intentId = stored.session.payment_intent;
  const intent = intentId === null ? undefined : ctx.state.paymentIntents[intentId];
  const charge =
    typeof intent?.latest_charge === 'string' ? ctx.state.charges[intent.latest_charge] : undefined;
  if (intent?.status !== 'processing' || charge === undefined) {
    throw invalidRequest('This Checkout Session has no delayed payment waiting to settle.', 'session');
  }
  return { stored, intent, charge };
};

/** The bank's answer to a Direct Debit: a control, not Stripe's API. */
export const settleDelayedPayment = (
  ctx: EmulatorContext,
  sessionId: string,
  outcome: SettlementOutcome,
): StoredCheckoutSession => {
  const { stored, intent, charge } = pendingPaymentOf(ctx, sessionId);
  const owner = ownerOf(ctx, sessionId);
  const account = accountOf(owner);
  if (outcome === 'succeeded') {
    chargeSucceeds(ctx, intent, charge, owner);
    stored.session.payment_status = 'paid';
    ctx.store.changed();
    ctx.emit('checkout.session.async_payment_succeeded', stored.session, { account });
    return stored;
  }
  failCharge(ctx, charge, RETURNED_DIRECT_DEBIT);
  markPaymentIntentFailed(intent, charge);
  ctx.store.changed();
  ctx.emit('charge.failed', charge, { account });
  ctx.emit('payment_intent.payment_failed', intent, { account });
  ctx.emit('checkout.session.async_payment_failed', stored.session, { account });
  return stored;
};
