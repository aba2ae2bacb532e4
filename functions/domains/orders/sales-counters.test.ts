import { describe, expect, it } from 'vitest';
import type { OrderRecord } from './order-store';
import {
  cancelledMove,
  counterScopes,
  countedSalesMinor,
  freeCompletionMove,
  paymentFeesMove,
  placedMove,
  transitionCounts,
  type OrderMoneyState,
} from './sales-counters';

const pending: OrderMoneyState = { status: 'PENDING', totalMinor: 1500 };
const paid: OrderMoneyState = { ...pending, status: 'FULFILLED' };
const disputed: OrderMoneyState = { ...paid, status: 'DISPUTED', disputeId: 'du_1' };

const order = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'o1',
  sellerId: 's1',
  galleryId: 'g1',
  photoIds: ['p1'],
  currency: 'GBP',
  totalMinor: 1500,
  orderType: 'PAID_ORDER',
  status: 'PENDING',
  createdAt: '2026-01-31T23:59:59.999Z',
  expiresAt: '2026-03-02T00:00:00.000Z',
  ...fields,
});

describe('counterScopes', () => {
  it('counts an order for its seller and gallery, and its public gallery when made in one', () => {
    expect(counterScopes(order())).toEqual(['seller#s1', 'gallery#g1']);
    expect(counterScopes(order({ publicId: 'pub1' }))).toEqual(['seller#s1', 'gallery#g1', 'public#pub1']);
  });
});

describe('transitionCounts', () => {
  it('counts a payment once, with its gross, from any state that awaited it', () => {
    expect(transitionCounts(pending, paid)).toEqual({ ordersPaid: 1, grossMinor: 1500 });
    expect(transitionCounts({ ...pending, status: 'PROCESSING' }, paid)).toEqual({
      ordersPaid: 1,
      grossMinor: 1500,
    });
    // A delayed payment on its way, or one that failed, moves no money.
    expect(transitionCounts(pending, { ...pending, status: 'PROCESSING' })).toEqual({});
    expect(transitionCounts({ ...pending, status: 'PROCESSING' }, pending)).toEqual({});
  });

  it('counts only what a refund adds to the refunded total, partial then full', () => {
    const partly = { ...paid, refundedMinor: 400 };
    expect(transitionCounts(paid, partly)).toEqual({ refundedMinor: 400 });
    expect(transitionCounts(partly, { ...partly, status: 'REFUNDED', refundedMinor: 1500 })).toEqual({
      refundedMinor: 1100,
    });
    expect(transitionCounts(partly, partly)).toEqual({});
  });

  it('counts a dispute when opened, and its outcome when decided, with the sales it held', () => {
    expect(transitionCounts(paid, disputed)).toEqual({ disputesOpened: 1, disputedMinor: 1500 });
    const heldLess = { ...disputed, refundedMinor: 500 };
    expect(transitionCounts(heldLess, { ...heldLess, status: 'FULFILLED', disputeOutcome: 'won' })).toEqual({
      disputesWon: 1,
      disputeWonMinor: 1000,
    });
    expect(transitionCounts(disputed, { ...disputed, status: 'REFUNDED', disputeOutcome: 'lost' })).toEqual({
      disputesLost: 1,
      disputeLostMinor: 1500,
    });
  });

  it('counts the opening too when an outcome is the first the order hears of a dispute', () => {
    expect(
      transitionCounts(paid, { ...paid, disputeId: 'du_1', disputeOutcome: 'lost', status: 'REFUNDED' }),
    ).toEqual({
      disputesOpened: 1,
      disputedMinor: 1500,
      disputesLost: 1,
      disputeLostMinor: 1500,
    });
  });

  it('moves nothing when a decided dispute is only restated', () => {
    const won = { ...paid, disputeId: 'du_1', disputeOutcome: 'won' as const };
    expect(transitionCounts(won, won)).toEqual({});
  });
});

describe('moves with a fixed meaning', () => {
  it('counts a placed order in the UTC month of its creation', () => {
    expect(placedMove(order())).toEqual({ at: '2026-01-31T23:59:59.999Z', counts: { ordersPlaced: 1 } });
  });

  it('counts a free completion as paid, with no gross to add', () => {
    const at = new Date('2026-02-01T00:00:00.000Z');
    expect(freeCompletionMove(order({ totalMinor: 0 }), at)).toEqual({
      at: '2026-02-01T00:00:00.000Z',
      counts: { ordersPaid: 1 },
    });
  });

  it('counts the fees of a payment in the month it fulfilled the order', () => {
    const fulfilled = order({ fulfilledAt: '2026-02-28T23:59:00.000Z' });
    expect(paymentFeesMove(fulfilled, { applicationFeeMinor: 75, stripeFeeMinor: 43 })).toEqual({
      at: '2026-02-28T23:59:00.000Z',
      counts: { platformFeeMinor: 75, stripeFeeMinor: 43 },
    });
  });

  it('counts a cancellation in the month it happened', () => {
    expect(cancelledMove(new Date('2026-05-01T08:00:00.000Z'))).toEqual({
      at: '2026-05-01T08:00:00.000Z',
      counts: { ordersCancelled: 1 },
    });
  });
});

describe('countedSalesMinor', () => {
  it('counts what was paid and kept: nothing before payment or after a full refund or a lost dispute', () => {
    expect(countedSalesMinor(order())).toBe(0);
    expect(countedSalesMinor(order({ status: 'PROCESSING' }))).toBe(0);
    expect(countedSalesMinor(order({ status: 'FULFILLED' }))).toBe(1500);
    expect(countedSalesMinor(order({ status: 'FULFILLED', refundedMinor: 500 }))).toBe(1000);
    expect(countedSalesMinor(order({ status: 'DISPUTED' }))).toBe(1500);
    expect(countedSalesMinor(order({ status: 'REFUNDED', refundedMinor: 0 }))).toBe(0);
  });
});
