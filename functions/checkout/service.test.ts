/**
 * Unit test of complete-checkout for a free order, with the human check, the orders repository, the
 * photo holds and the confirmation email replaced: the photos are held for the download period before
 * the order says it is fulfilled, and a failed email still completes the order. A customer's pick counts
 * in the seller's orders once completed; one whose photo went meanwhile ends instead. (The conditional writes
 * themselves: test/integration/checkout.test.ts; the email's own failure handling:
 * functions/domains/orders/order-confirmation.test.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import { verifyCaptcha } from '../lib/captcha';
import { resumeConfirmation, sendConfirmation } from '../domains/orders/order-confirmation';
import { endUnpaidOrder, PHOTOS_REMOVED } from '../domains/orders/end-unpaid-order';
import { holdForFulfilment } from '../domains/orders/order-holds';
import { fulfilFreeOrder, getOrder, type OrderRecord } from '../domains/orders/order-store';
import { completeCheckout } from './service';

vi.mock('../lib/captcha', () => ({ verifyCaptcha: vi.fn() }));
vi.mock('../domains/orders/order-confirmation', () => ({
  sendConfirmation: vi.fn(),
  resumeConfirmation: vi.fn(),
}));
vi.mock('../domains/orders/order-holds', () => ({ holdForFulfilment: vi.fn() }));
vi.mock('../domains/orders/end-unpaid-order', () => ({
  endUnpaidOrder: vi.fn(),
  PHOTOS_REMOVED: { reason: 'PHOTOS_REMOVED' },
}));
vi.mock('../domains/orders/order-store', () => ({
  getOrder: vi.fn(),
  fulfilFreeOrder: vi.fn(),
  startFreeCheckout: vi.fn(),
}));

const order: OrderRecord = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['p1'],
  currency: 'GBP',
  totalMinor: 0,
  orderType: 'FREE_ORDER',
  status: 'PENDING',
  customerEmail: 'customer@example.com',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  freeCheckoutSessionId: 'fcs_session',
  freeCheckoutExpiresAt: new Date(Date.now() + 600_000).toISOString(),
};
const request = { orderId: order.orderId, sessionId: 'fcs_session', captchaToken: 'token' };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getOrder).mockResolvedValue(order);
  vi.mocked(fulfilFreeOrder).mockResolvedValue(true);
  vi.mocked(holdForFulfilment).mockResolvedValue('held');
});

describe('completeCheckout of a free order', () => {
  it('holds the photos for the download period, then fulfils the order, then sends the email', async () => {
    vi.mocked(sendConfirmation).mockResolvedValue({ emailSent: true });
    expect(await completeCheckout(request)).toEqual({ status: 'FULFILLED', emailSent: true });
    expect(vi.mocked(verifyCaptcha)).toHaveBeenCalledWith('token', 'complete_checkout', undefined);
    const [held] = vi.mocked(holdForFulfilment).mock.invocationCallOrder;
    const [fulfilled] = vi.mocked(fulfilFreeOrder).mock.invocationCallOrder;
    const [mailed] = vi.mocked(sendConfirmation).mock.invocationCallOrder;
    expect(held).toBeLessThan(fulfilled!);
    expect(fulfilled).toBeLessThan(mailed!);
    expect(vi.mocked(fulfilFreeOrder)).toHaveBeenCalledWith(order, 'fcs_session', expect.any(Date));
    expect(vi.mocked(sendConfirmation)).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: order.orderId, status: 'FULFILLED' }),
    );
    expect(vi.mocked(resumeConfirmation)).not.toHaveBeenCalled();
  });

  it('completes the order with emailSent false and emailError set when the email fails', async () => {
    vi.mocked(sendConfirmation).mockResolvedValue({
      emailSent: false,
      emailError: serverErrors.confirmationEmailFailed,
    });
    expect(await completeCheckout(request)).toEqual({
      status: 'FULFILLED',
      emailSent: false,
      emailError: serverErrors.confirmationEmailFailed,
    });
  });

  it('sends nothing when another request fulfilled the order first', async () => {
    vi.mocked(fulfilFreeOrder).mockResolvedValue(false);
    vi.mocked(getOrder)
      .mockResolvedValueOnce(order)
      .mockResolvedValueOnce({ ...order, status: 'FULFILLED', fulfilledAt: new Date().toISOString() });
    await expect(completeCheckout(request)).rejects.toMatchObject({ statusCode: 409 });
    expect(vi.mocked(sendConfirmation)).not.toHaveBeenCalled();
  });

  it('ends the order instead, and neither fulfils, counts nor mails, when a photo of it went meanwhile', async () => {
    vi.mocked(holdForFulfilment).mockResolvedValue('missing');
    await expect(completeCheckout(request)).rejects.toMatchObject({
      statusCode: 410,
      message: serverErrors.orderCancelled,
    });
    expect(vi.mocked(endUnpaidOrder)).toHaveBeenCalledWith(order, PHOTOS_REMOVED, expect.any(Date));
    expect(vi.mocked(fulfilFreeOrder)).not.toHaveBeenCalled();
    expect(vi.mocked(sendConfirmation)).not.toHaveBeenCalled();
  });

  it('tells a customer whose order was cancelled so, not that it expired', async () => {
    vi.mocked(getOrder).mockResolvedValue({
      ...order,
      status: 'EXPIRED',
      statusReason: 'CANCELLED',
      cancelledAt: new Date().toISOString(),
    });
    await expect(completeCheckout(request)).rejects.toMatchObject({
      statusCode: 410,
      message: serverErrors.orderCancelled,
    });
  });
});
