import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../domains/orders/order-store';
import { decodeSalesOp } from './dashboard-sales';
import {
  decideDispute,
  decidePayment,
  decidePaymentFailed,
  decideProcessing,
  decideRefund,
  disputeStateOf,
  type Decision,
  type PaymentDecision,
} from './order-lifecycle';

const NOW = new Date('2026-03-01T10:00:00.000Z');
/** When Stripe says a refund or dispute happened. */
const AT = new Date('2026-04-30T23:59:59.000Z');

const order = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'order-1',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['p1'],
  currency: 'GBP',
  totalMinor: 1500,
  orderType: 'PAID_ORDER',
  status: 'PENDING',
  createdAt: '2026-02-20T00:00:00.000Z',
  expiresAt: '2026-03-22T00:00:00.000Z',
  stripeAccountId: 'acct_1',
  checkoutSessionId: 'cs_current',
  revision: 3,
  ...fields,
});

const fulfilled = (fields: Partial<OrderRecord> = {}) =>
  order({
    status: 'FULFILLED',
    fulfilledAt: '2026-02-21T00:00:00.000Z',
    paidCheckoutSessionId: 'cs_current',
    paymentIntentId: 'pi_1',
    ...fields,
  });

const changeOf = (decision: Decision | PaymentDecision) => {
  if (!('change' in decision)) throw new Error(`expected a change, got ${JSON.stringify(decision)}`);
  return decision.change;
};
const salesDelta = (decision: Decision | PaymentDecision) => {
  const op = changeOf(decision).salesOp;
  return op === undefined ? 0 : decodeSalesOp(op)?.deltaMinor;
};

describe('decidePayment', () => {
  const paid = { checkoutSessionId: 'cs_current', paymentIntentId: 'pi_1', customerEmail: 'c@example.com' };

  it('fulfils a pending or processing order paid by its current session, counting the sale once and moving it to the sales', () => {
    for (const status of ['PENDING', 'PROCESSING'] as const) {
      const decision = decidePayment(
        order({ status, statusReason: 'PAYMENT_PROCESSING' }),
        paid,
        NOW,
        'evt_1',
      );
      expect(changeOf(decision)).toEqual({
        set: {
          status: 'FULFILLED',
          fulfilledAt: NOW.toISOString(),
          confirmationEmailClaimedAt: NOW.toISOString(),
          paidCheckoutSessionId: 'cs_current',
          paymentIntentId: 'pi_1',
          customerEmail: 'c@example.com',
          // The first reminder before access ends: 7 days before the 30 days are over.
          nextReminderAt: new Date(NOW.getTime() + 23 * 24 * 3600 * 1000).toISOString(),
          reminderDay: new Date(NOW.getTime() + 23 * 24 * 3600 * 1000).toISOString().slice(0, 10),
          sellerView: 'seller-1#sales',
        },
        remove: ['statusReason'],
        salesOp: '1500:evt_1',
        counters: { at: NOW.toISOString(), counts: { ordersPaid: 1, grossMinor: 1500 } },
      });
    }
  });

  it('schedules no reminder when the payment gave no email', () => {
    const { customerEmail: _, ...noEmail } = paid;
    const set = changeOf(decidePayment(order(), noEmail, NOW, 'evt_1')).set;
    expect(set.status).toBe('FULFILLED');
    expect(set.nextReminderAt).toBeUndefined();
  });

  it('fulfils an order whose checkout expired meanwhile: the money is taken', () => {
    const late = order({ expiresAt: '2026-02-28T00:00:00.000Z' });
    expect(changeOf(decidePayment(late, paid, NOW, 'evt_1')).set.status).toBe('FULFILLED');
  });

  it('changes nothing for the same session again (a redelivery)', () => {
    expect(decidePayment(fulfilled(), paid, NOW, 'evt_2')).toEqual({
      unchanged: 'paid by this session already',
    });
  });

  it('calls any other payment a duplicate: another session, or an order paid already', () => {
    expect(decidePayment(order(), { ...paid, checkoutSessionId: 'cs_old' }, NOW, 'e')).toEqual({
      duplicate: 'not the order’s current checkout session',
    });
    for (const status of ['FULFILLED', 'DISPUTED', 'REFUNDED'] as const) {
      const other = { ...paid, checkoutSessionId: 'cs_second_tab' };
      expect(decidePayment(fulfilled({ status }), other, NOW, 'e')).toEqual({
        duplicate: `the order is ${status} already`,
      });
    }
  });

  it('refuses a payment of an order that ended unpaid (cancelled, or its photos deleted) before it arrived', () => {
    for (const statusReason of ['CANCELLED', 'PHOTOS_REMOVED'] as const) {
      const ended = order({ status: 'EXPIRED', statusReason, cancelledAt: NOW.toISOString() });
      expect(decidePayment(ended, paid, NOW, 'e')).toEqual({
        ended: `the order ended unpaid (${statusReason})`,
      });
    }
  });
});

describe('delayed payments', () => {
  it('mark the order PROCESSING when its current session completes unpaid', () => {
    expect(changeOf(decideProcessing(order(), 'cs_current', 'evt_1'))).toEqual({
      set: { status: 'PROCESSING', statusReason: 'PAYMENT_PROCESSING' },
    });
  });

  it('never move a fulfilled order, another session’s order, or a failed session back to PROCESSING', () => {
    expect(decideProcessing(fulfilled(), 'cs_current', 'e')).toHaveProperty('unchanged');
    expect(decideProcessing(order(), 'cs_other', 'e')).toHaveProperty('unchanged');
    const failed = order({ statusReason: 'PAYMENT_FAILED', checkoutSessionEndedAt: NOW.toISOString() });
    expect(decideProcessing(failed, 'cs_current', 'e')).toHaveProperty('unchanged');
  });

  it('make the order payable again when the payment fails, saying why and ending the session', () => {
    const change = changeOf(decidePaymentFailed(order({ status: 'PROCESSING' }), 'cs_current', NOW, 'e'));
    expect(change).toEqual({
      set: {
        status: 'PENDING',
        statusReason: 'PAYMENT_FAILED',
        checkoutExpiresAt: NOW.toISOString(),
        checkoutSessionEndedAt: NOW.toISOString(),
      },
    });
  });

  it('ignore a failure after the payment succeeded, or of another session, or reported twice', () => {
    expect(decidePaymentFailed(fulfilled(), 'cs_current', NOW, 'e')).toHaveProperty('unchanged');
    expect(decidePaymentFailed(order({ status: 'PROCESSING' }), 'cs_other', NOW, 'e')).toHaveProperty(
      'unchanged',
    );
    const ended = order({ checkoutSessionEndedAt: NOW.toISOString() });
    expect(decidePaymentFailed(ended, 'cs_current', NOW, 'e')).toHaveProperty('unchanged');
  });
});

describe('decideRefund', () => {
  const refunds = (amountRefundedMinor: number, paymentIntentId = 'pi_1') => ({
    paymentIntentId,
    amountRefundedMinor,
  });

  it('keeps a partially refunded order FULFILLED, records the amount and takes it off the sales', () => {
    const decision = decideRefund(fulfilled(), refunds(500), 'evt_r1', AT);
    expect(changeOf(decision).set).toEqual({ refundedMinor: 500, statusReason: 'PARTIALLY_REFUNDED' });
    expect(salesDelta(decision)).toBe(-500);
  });

  it('ends access on a full refund (in one go or after a partial one), taking the rest off the sales', () => {
    expect(changeOf(decideRefund(fulfilled(), refunds(1500), 'e', AT)).set).toEqual({
      refundedMinor: 1500,
      status: 'REFUNDED',
      statusReason: 'REFUNDED',
    });
    expect(salesDelta(decideRefund(fulfilled({ refundedMinor: 500 }), refunds(1500), 'e', AT))).toBe(-1000);
  });

  it('never lowers the refunded amount: a late or repeated event changes nothing', () => {
    expect(decideRefund(fulfilled({ refundedMinor: 800 }), refunds(500), 'e', AT)).toEqual({
      unchanged: 'no new refund',
    });
    expect(decideRefund(fulfilled({ refundedMinor: 500 }), refunds(500), 'e', AT)).toHaveProperty(
      'unchanged',
    );
  });

  it('leaves alone a refund of another payment (a refunded duplicate)', () => {
    expect(decideRefund(fulfilled(), refunds(1500, 'pi_duplicate'), 'e', AT)).toEqual({
      unchanged: 'not the order’s payment',
    });
  });

  it('keeps saying a dispute is open when part is refunded during it', () => {
    const disputed = fulfilled({ status: 'DISPUTED', statusReason: 'DISPUTE_OPEN', disputeId: 'du_1' });
    expect(changeOf(decideRefund(disputed, refunds(300), 'e', AT)).set).toEqual({
      refundedMinor: 300,
      statusReason: 'DISPUTE_OPEN',
    });
  });

  it('moves nothing on the dashboard for an order whose dispute was lost already', () => {
    const lost = fulfilled({ status: 'REFUNDED', statusReason: 'DISPUTE_LOST', disputeOutcome: 'lost' });
    const decision = decideRefund(lost, refunds(1500), 'e', AT);
    expect(changeOf(decision)).toEqual({
      set: { refundedMinor: 1500 },
      counters: { at: AT.toISOString(), counts: { refundedMinor: 1500 } },
    });
  });
});

describe('decideDispute', () => {
  const dispute = (state: 'open' | 'won' | 'lost', paymentIntentId = 'pi_1') => ({
    disputeId: 'du_1',
    paymentIntentId,
    state,
  });
  const disputed = () => fulfilled({ status: 'DISPUTED', statusReason: 'DISPUTE_OPEN', disputeId: 'du_1' });

  it('suspends access while open, without touching the sales', () => {
    const decision = decideDispute(fulfilled(), dispute('open'), 'e', AT);
    expect(changeOf(decision)).toEqual({
      set: { status: 'DISPUTED', statusReason: 'DISPUTE_OPEN', disputeId: 'du_1' },
      counters: { at: AT.toISOString(), counts: { disputesOpened: 1, disputedMinor: 1500 } },
    });
  });

  it('restores access when won, and ends it when lost (taking the sale off)', () => {
    expect(changeOf(decideDispute(disputed(), dispute('won'), 'e', AT))).toEqual({
      set: { status: 'FULFILLED', statusReason: 'DISPUTE_WON', disputeId: 'du_1', disputeOutcome: 'won' },
      counters: { at: AT.toISOString(), counts: { disputesWon: 1, disputeWonMinor: 1500 } },
    });
    const lost = decideDispute(disputed(), dispute('lost'), 'e', AT);
    expect(changeOf(lost).set).toMatchObject({ status: 'REFUNDED', statusReason: 'DISPUTE_LOST' });
    expect(salesDelta(lost)).toBe(-1500);
    expect(salesDelta(decideDispute(disputed(), dispute('lost'), 'e', AT))).toBe(-1500);
    const partlyRefunded = fulfilled({ ...disputed(), refundedMinor: 400 });
    expect(salesDelta(decideDispute(partlyRefunded, dispute('lost'), 'e', AT))).toBe(-1100);
  });

  it('applies an outcome reported before the dispute’s opening was seen', () => {
    expect(changeOf(decideDispute(fulfilled(), dispute('won'), 'e', AT)).set.status).toBe('FULFILLED');
    expect(changeOf(decideDispute(fulfilled(), dispute('lost'), 'e', AT)).set.status).toBe('REFUNDED');
  });

  it('never reopens a settled dispute, and leaves other payments and unpaid orders alone', () => {
    const won = fulfilled({ statusReason: 'PARTIALLY_REFUNDED', disputeId: 'du_1', disputeOutcome: 'won' });
    expect(decideDispute(won, dispute('open'), 'e', AT)).toEqual({
      unchanged: 'the dispute was won already',
    });
    expect(decideDispute(disputed(), dispute('open', 'pi_other'), 'e', AT)).toHaveProperty('unchanged');
    expect(decideDispute(order(), dispute('open'), 'e', AT)).toHaveProperty('unchanged');
    expect(decideDispute(fulfilled({ status: 'REFUNDED' }), dispute('open'), 'e', AT)).toHaveProperty(
      'unchanged',
    );
  });
});

describe('disputeStateOf', () => {
  it('reads Stripe’s dispute statuses as open, won or lost', () => {
    for (const status of ['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review'])
      expect(disputeStateOf(status)).toBe('open');
    for (const status of ['won', 'warning_closed', 'prevented']) expect(disputeStateOf(status)).toBe('won');
    expect(disputeStateOf('lost')).toBe('lost');
  });
});
