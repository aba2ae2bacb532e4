/**
 * The seller's paid extension, through the local stack and the Stripe emulator: the seller prices it on a
 * completed order, the order's page offers it once access has ended, the customer buys it as an order of
 * its own (one order whatever the taps), pays it through the usual checkout, and the first link opens
 * again until the extension's end. The extension is a sale of its own in the seller's list and counters;
 * refunded in full, the access it gave ends. The seller's own extension holds the photos to its new end.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS, ORDER_AVAILABLE_DAYS } from '#shared/rules/constants';
import { serverErrors } from '#shared/texts/errors';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { ExtensionPurchase, OpenedOrder, SellerOrder } from '#shared/schemas/order';
import { fulfilFreeOrder, getOrder } from '../../functions/domains/orders/order-store';
import { galleryScope } from '../../functions/domains/orders/sales-counters';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getPhotos } from '../../functions/domains/galleries/photo-store';
import { newOrderId } from '../../functions/lib/ids';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import { call } from '@shutterlane/harness/seller-tools-helpers';
import { freshOrder, postJson, uniqueEmail, validatedFreeOrder } from './checkout-helpers';
import { refundAsSeller } from '@shutterlane/stripe-emulator/testing';
import {
  countedFigures,
  eventually,
  movedBetween,
  payCheckout,
  sellerAccountOf,
  stripeOf,
  usePaymentsSuite,
  waitForOrder,
} from './payments-helpers';

const env = useTestStack();
const suite = usePaymentsSuite(env);
const DAY_MS = 24 * 60 * 60 * 1000;

const token = () => captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);
const customerCall = async (orderId: string, action: 'open' | 'extension' | 'photos') =>
  postJson(`${env.demo.apiUrl}/public/orders/${orderId}/${action}`, { captchaToken: await token() });
const opened = async (orderId: string) => OpenedOrder.parse((await customerCall(orderId, 'open')).body);
const offer = (orderId: string, price: unknown) =>
  call(env, suite.seller, 'POST', `/orders/${orderId}/extension-offer`, { price });

/** A free order whose customer completed it `daysAgo` days ago (its access ended after 30). */
async function endedOrder(daysAgo: number): Promise<string> {
  const { order, sessionId } = await validatedFreeOrder(env, uniqueEmail('extension'));
  expect(await fulfilFreeOrder(order, sessionId, new Date(Date.now() - daysAgo * DAY_MS))).toBe(true);
  return order.orderId;
}

describe('the seller prices a paid extension', () => {
  it('on a completed order, and withdraws it with null', async () => {
    const orderId = await endedOrder(40);
    const offered = await offer(orderId, 4.5);
    expect(offered.status).toBe(200);
    expect(SellerOrder.parse(offered.body)).toMatchObject({ orderId, extensionPrice: 4.5 });
    const withdrawn = SellerOrder.parse((await offer(orderId, null)).body);
    expect(withdrawn.extensionPrice).toBeUndefined();
    expect((await getOrder(orderId))?.extensionPriceMinor).toBeUndefined();
  });

  it('refuses a price that is no card payment, an unpaid order, and an unknown order', async () => {
    const orderId = await endedOrder(40);
    expect(await offer(orderId, 0.1)).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.paidOrderMinimum },
    });
    expect(await offer(orderId, 0)).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.paidOrderMinimum },
    });
    expect(await offer(orderId, 1.234)).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.priceDecimals },
    });
    expect((await offer(orderId, '5')).status).toBe(400);
    expect((await call(env, suite.seller, 'POST', `/orders/${orderId}/extension-offer`, {})).status).toBe(
      400,
    );
    const unpaid = await freshOrder(env);
    expect(await offer(unpaid.orderId, 5)).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.extensionNotOfferable },
    });
    expect((await offer(newOrderId(), 5)).status).toBe(404);
    expect(
      (await call(env, undefined, 'POST', `/orders/${orderId}/extension-offer`, { price: 5 })).status,
    ).toBe(401);
    expect((await getOrder(orderId))?.extensionPriceMinor).toBeUndefined();
  });
});

describe('the seller’s own extension', () => {
  it('holds the order’s gallery and photos until the new end, so they cannot be deleted before it', async () => {
    const orderId = await endedOrder(40);
    // Further out than any other order of the demo gallery holds it.
    const answer = await call(env, suite.seller, 'POST', `/orders/${orderId}/access`, { days: 90 });
    expect(answer.status).toBe(200);
    const end = SellerOrder.parse(answer.body).accessEndsAt!;
    const order = (await getOrder(orderId))!;
    const photos = await getPhotos(order.galleryId, order.photoIds);
    expect(photos.map((photo) => String(photo.heldUntil) >= end)).toEqual(order.photoIds.map(() => true));
    expect(String((await getGallery(order.sellerId, order.galleryId))?.heldUntil) >= end).toBe(true);
  });
});

describe('the customer buys it', () => {
  it('sees it only once access has ended, and cannot buy what is not offered', async () => {
    const current = await endedOrder(3);
    expect((await offer(current, 5)).status).toBe(200);
    expect((await opened(current)).kind).toBe('photos');
    expect(await customerCall(current, 'extension')).toEqual({
      status: 409,
      body: { message: serverErrors.extensionNotOffered },
    });
    const notOffered = await endedOrder(40);
    const steps = await opened(notOffered);
    expect(steps).toMatchObject({ kind: 'steps', order: { status: 'EXPIRED' } });
    expect(steps.kind === 'steps' && steps.order.extensionOffer).toBeFalsy();
    expect((await customerCall(notOffered, 'extension')).status).toBe(409);
    expect((await customerCall(newOrderId(), 'extension')).status).toBe(404);
    const bare = await postJson(`${env.demo.apiUrl}/public/orders/${notOffered}/extension`, {});
    expect(bare.status).toBe(400);
    expect((await getOrder(notOffered))?.extensionOrderId).toBeUndefined();
  });

  it('pays it through the usual checkout; the first link opens again until the extension’s end', async () => {
    const orderId = await endedOrder(40);
    expect((await offer(orderId, 4.5)).status).toBe(200);
    const before = await countedFigures(galleryScope((await getOrder(orderId))!.galleryId));

    const page = await opened(orderId);
    expect(page).toMatchObject({
      kind: 'steps',
      order: { status: 'EXPIRED', extensionOffer: { price: 4.5, days: ORDER_AVAILABLE_DAYS } },
    });
    expect((await customerCall(orderId, 'photos')).status).toBe(410);

    // Two taps at once, then a third: one order to pay.
    const taps = await Promise.all([customerCall(orderId, 'extension'), customerCall(orderId, 'extension')]);
    expect(taps.map((tap) => tap.status)).toEqual([201, 201]);
    const ids = taps.map((tap) => ExtensionPurchase.parse(tap.body).orderId);
    expect(ids[1]).toBe(ids[0]);
    const extensionId = ids[0]!;
    expect(ExtensionPurchase.parse((await customerCall(orderId, 'extension')).body).orderId).toBe(
      extensionId,
    );
    const extension = await getOrder(extensionId);
    expect(extension).toMatchObject({ extendsOrderId: orderId, totalMinor: 450, status: 'PENDING' });
    expect((await getOrder(orderId))?.extensionOrderId).toBe(extensionId);

    const checkout = await opened(extensionId);
    expect(checkout).toMatchObject({ kind: 'steps', order: { nextStep: 'REDIRECT_TO_STRIPE', total: 4.5 } });
    const url = checkout.kind === 'steps' ? checkout.order.stripeCheckoutUrl : undefined;
    await payCheckout(String(url));
    const paid = await waitForOrder(extensionId, (o) => o?.status === 'FULFILLED' && Boolean(o.payment));
    const extendedTo = Date.parse(paid!.fulfilledAt!) + ORDER_AVAILABLE_DAYS * DAY_MS;

    const extended = await waitForOrder(orderId, (o) => Boolean(o?.accessEndsAt));
    expect(Date.parse(extended!.accessEndsAt!)).toBe(extendedTo);
    expect((await opened(orderId)).kind).toBe('photos');
    expect((await customerCall(orderId, 'photos')).status).toBe(200);
    expect((await opened(extensionId)).kind).toBe('photos');
    expect(await customerCall(orderId, 'extension')).toEqual({
      status: 409,
      body: { message: serverErrors.extensionNotOffered },
    });

    // A sale of its own: in the seller's list with its money, and counted once in the gallery's counters.
    const listed = SellerOrder.parse((await call(env, suite.seller, 'GET', `/orders/${extensionId}`)).body);
    expect(listed).toMatchObject({ extendsOrderId: orderId, status: 'FULFILLED', total: 4.5 });
    expect(listed.payment?.amount).toBe(4.5);
    const after = await countedFigures(galleryScope(paid!.galleryId));
    expect(movedBetween(before, after)).toMatchObject({ ordersPaid: 1, grossMinor: 450 });
  });

  it('ends the access it gave when the seller refunds the extension in full', async () => {
    const orderId = await endedOrder(40);
    expect((await offer(orderId, 3)).status).toBe(200);
    const extensionId = ExtensionPurchase.parse((await customerCall(orderId, 'extension')).body).orderId;
    const checkout = await opened(extensionId);
    await payCheckout(String(checkout.kind === 'steps' ? checkout.order.stripeCheckoutUrl : ''));
    const paid = await waitForOrder(extensionId, (o) => o?.status === 'FULFILLED' && Boolean(o.payment));
    await waitForOrder(orderId, (o) => Boolean(o?.accessEndsAt));
    expect((await customerCall(orderId, 'photos')).status).toBe(200);

    await refundAsSeller(stripeOf(env), await sellerAccountOf(paid!), {
      payment_intent: paid!.paymentIntentId!,
    });
    await waitForOrder(extensionId, (o) => o?.status === 'REFUNDED');
    await eventually(
      async () => (await customerCall(orderId, 'photos')).status,
      (status) => status === 410,
    );
    // Ended again, the order offers the extension again: a new one, the refunded one is not reused.
    const page = await opened(orderId);
    expect(page).toMatchObject({ kind: 'steps', order: { status: 'EXPIRED', extensionOffer: { price: 3 } } });
    const again = ExtensionPurchase.parse((await customerCall(orderId, 'extension')).body).orderId;
    expect(again).not.toBe(extensionId);
  });
});
