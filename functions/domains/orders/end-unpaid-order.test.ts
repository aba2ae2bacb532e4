/**
 * Unit test of ending unpaid orders with the orders repository and Stripe replaced: the open Checkout
 * Session is expired before the order is marked ended, a session the customer has just paid leaves a
 * seller's cancel to the payment (a deletion ends the order anyway), a lost compare-and-set is decided
 * again on the winner's state, and a deletion ends only the unpaid picks that name the photo. (Against
 * the stand-ins and the Stripe emulator: test/integration/unpaid-picks.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endUnpaidOrder, endUnpaidPicksOf, PHOTOS_REMOVED, type EndPolicy } from './end-unpaid-order';
import { sellerMayCancel } from './order-rules';
import { changeOrder, getOrder, listUnpaidPicks, type OrderRecord } from './order-store';
import { expireCheckoutSession } from './stripe-checkout-sessions';

vi.mock('./order-store', () => ({
  changeOrder: vi.fn(),
  getOrder: vi.fn(),
  listUnpaidPicks: vi.fn(),
}));
vi.mock('./stripe-checkout-sessions', () => ({
  expireCheckoutSession: vi.fn(),
  requestStripeCalls: vi.fn(async () => ({})),
}));

const now = new Date('2026-05-01T10:00:00.000Z');
const order = (fields: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: 'order-1',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  publicId: 'pub-1',
  photoIds: ['p1', 'p2'],
  currency: 'GBP',
  totalMinor: 800,
  orderType: 'PAID_ORDER',
  status: 'PENDING',
  createdAt: '2026-05-01T09:30:00.000Z',
  expiresAt: '2026-05-01T10:30:00.000Z',
  stripeAccountId: 'acct_seller',
  checkoutSessionId: 'cs_open',
  revision: 2,
  ...fields,
});
const CANCEL: EndPolicy = { reason: 'CANCELLED', mayEnd: sellerMayCancel, yieldToPayment: true };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(changeOrder).mockResolvedValue(true);
  vi.mocked(expireCheckoutSession).mockResolvedValue('ended');
});

describe('endUnpaidOrder', () => {
  it('expires the open session on the seller’s account, then marks the order ended', async () => {
    const outcome = await endUnpaidOrder(order(), CANCEL, now);
    expect(outcome).toMatchObject({ kind: 'ended', order: { status: 'EXPIRED', statusReason: 'CANCELLED' } });
    expect(expireCheckoutSession).toHaveBeenCalledWith(expect.anything(), 'cs_open', 'acct_seller');
    const [expired] = vi.mocked(expireCheckoutSession).mock.invocationCallOrder;
    const [written] = vi.mocked(changeOrder).mock.invocationCallOrder;
    expect(expired).toBeLessThan(written!);
  });

  it('asks nothing of Stripe for an order without an open session', async () => {
    for (const fields of [{ checkoutSessionId: undefined }, { checkoutSessionEndedAt: now.toISOString() }]) {
      expect((await endUnpaidOrder(order(fields), CANCEL, now)).kind).toBe('ended');
    }
    expect(expireCheckoutSession).not.toHaveBeenCalled();
  });

  it('leaves a seller’s cancel to a payment the customer has just made, and writes nothing', async () => {
    vi.mocked(expireCheckoutSession).mockResolvedValue('completed');
    expect((await endUnpaidOrder(order(), CANCEL, now)).kind).toBe('payment-underway');
    expect(changeOrder).not.toHaveBeenCalled();
  });

  it('ends the order for a deletion even then: the payment will be refunded', async () => {
    vi.mocked(expireCheckoutSession).mockResolvedValue('completed');
    expect((await endUnpaidOrder(order(), PHOTOS_REMOVED, now)).kind).toBe('ended');
  });

  it('asks nothing of Stripe about the session whose payment is being refunded', async () => {
    const outcome = await endUnpaidOrder(order(), PHOTOS_REMOVED, now, { completedSessionId: 'cs_open' });
    expect(outcome.kind).toBe('ended');
    expect(expireCheckoutSession).not.toHaveBeenCalled();
  });

  it('decides again on the winner’s state after a lost write: paid meanwhile, it stays paid', async () => {
    vi.mocked(changeOrder).mockResolvedValueOnce(false);
    vi.mocked(getOrder).mockResolvedValue(order({ status: 'FULFILLED', revision: 3 }));
    expect(await endUnpaidOrder(order(), CANCEL, now)).toMatchObject({
      kind: 'unchanged',
      order: { status: 'FULFILLED' },
    });
    expect(changeOrder).toHaveBeenCalledTimes(1);
  });

  it('changes nothing and asks nothing of Stripe for an order the policy may not end', async () => {
    const late = order({ expiresAt: '2026-05-01T09:59:00.000Z' });
    expect((await endUnpaidOrder(late, CANCEL, now)).kind).toBe('unchanged');
    expect((await endUnpaidOrder(order({ status: 'PROCESSING' }), CANCEL, now)).kind).toBe('unchanged');
    expect(expireCheckoutSession).not.toHaveBeenCalled();
    expect(changeOrder).not.toHaveBeenCalled();
  });
});

describe('endUnpaidPicksOf', () => {
  beforeEach(() => {
    vi.mocked(listUnpaidPicks).mockResolvedValue([
      { orderId: 'order-a', photoIds: ['p1', 'p2'] },
      { orderId: 'order-b', photoIds: ['p3'] },
    ]);
    vi.mocked(getOrder).mockImplementation(async (orderId) => order({ orderId }));
  });

  it('ends the unpaid picks of the gallery that name the photo, read from the payable span only', async () => {
    expect(await endUnpaidPicksOf('seller-1', 'gallery-1', 'p2', now)).toEqual(['order-a']);
    expect(listUnpaidPicks).toHaveBeenCalledWith('seller-1', 'gallery-1', '2026-05-01T08:25:00.000Z');
    expect(vi.mocked(changeOrder).mock.calls.map(([read]) => read.orderId)).toEqual(['order-a']);
  });

  it('ends every unpaid pick of the gallery when the gallery goes', async () => {
    expect(await endUnpaidPicksOf('seller-1', 'gallery-1', undefined, now)).toEqual(['order-a', 'order-b']);
  });
});
