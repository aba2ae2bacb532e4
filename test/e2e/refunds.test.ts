/**
 * Refunds and double payments, in headless Chromium against the local stack ("Done when").
 *
 * Pay, then the seller refunds in Stripe: the open order page finds out when it next re-signs its URLs
 * and says refunded in plain words, and the photo URLs it had stop working. Presigned URLs cannot be revoked, so they stop when they expire: customers'
 * URLs live minutes (seconds in this stack, local/harness/template-settings.ts), the page re-signs them while
 * access lasts, and nothing is signed once it has ended.
 *
 * The same order in two tabs: both are sent to the order's one Checkout Session, so the second tab cannot
 * pay it again. A second payment that still reaches Stripe (a session that escaped expiry, made here with
 * the product's own parameters) is refunded automatically, and the seller's orders list says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { checkoutSessionParams } from '../../functions/public-orders/checkout-session-params';
import { refundAsSeller } from '@shutterlane/stripe-emulator/testing';
import { orderStatusReasonTexts } from '#shared/texts/errors';
import { orderAccessTexts } from '../../web/src/features/order-access/texts';
import { orderGalleryTexts } from '../../web/src/features/order-gallery/texts';
import { sellerOrderTexts } from '../../web/src/features/seller-orders/texts';
import { freshOrder } from '../integration/checkout-helpers';
import { eventually, sellerAccountOf, stripeOf } from '../integration/payments-helpers';
import { e2eWorld } from '../support/e2e';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { TEST_CUSTOMER_URL_TTL_SECONDS } from '@shutterlane/harness/template-settings';

const world = e2eWorld();

const app = (p: string) => `${world.env.stack.urls.app}${p}`;
const stripeOrigin = () => new URL(world.env.stack.urls.stripe).origin;

const paidOrder = () => freshOrder(world.env, { orderType: 'PAID_ORDER', totalMinor: 1500 });

/** Opens the order page and lets it send the browser to Stripe's checkout page. */
async function openOnCheckoutPage(page: Page, orderId: string): Promise<void> {
  await page.goto(app(`/orders/${orderId}`));
  await page.waitForURL((url) => url.origin === stripeOrigin(), { timeout: 30_000 });
}

/** Pays on the checkout page (with `email` when the session has none yet) and waits for the success page. */
async function pay(page: Page, orderId: string, email?: string): Promise<void> {
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${world.env.demo.appUrl}/checkout/success/${orderId}`);
}

type Photos = { photoUrls: Record<string, { url: string; thumbnailUrl?: string }> };

/**
 * Every photo URL the page received, latest answer last: from the call that opens the order (its photos,
 * once fulfilled) and from the gallery's re-signing of them before they expire.
 */
function recordPhotoUrls(page: Page, orderId: string): string[][] {
  const answers: string[][] = [];
  const api = `/api/public/orders/${orderId}`;
  page.on('response', (response) => {
    const url = response.url();
    const opened = url.endsWith(`${api}/open`);
    if ((!opened && !url.endsWith(`${api}/photos`)) || response.status() !== 200) return;
    void response.json().then((body: Photos | { kind: string; order: Photos }) => {
      const photos = 'kind' in body ? (body.kind === 'photos' ? body.order : undefined) : body;
      if (!photos) return;
      answers.push(
        Object.values(photos.photoUrls).flatMap((photo) => [
          photo.url,
          ...(photo.thumbnailUrl ? [photo.thumbnailUrl] : []),
        ]),
      );
    });
  });
  return answers;
}

const statusOf = async (url: string) => (await fetch(url)).status;

const signInAsSeller = (page: Page) => signInAsDemoSeller(page, world.env.stack.urls.app);

describe('refunds', () => {
  it('pay, refund in Stripe: the order page says refunded and the photo URLs stop working', async () => {
    const order = await paidOrder();
    const context = await world.browser.newContext();
    const page = await context.newPage();
    const photoUrls = recordPhotoUrls(page, order.orderId);
    await openOnCheckoutPage(page, order.orderId);
    await pay(page, order.orderId, 'refunded@example.com');
    await expect.poll(async () => (await getOrder(order.orderId))?.status).toBe('FULFILLED');

    await page.goto(app(`/orders/${order.orderId}`));
    await page.getByRole('heading', { name: orderGalleryTexts.galleryHeading }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: orderGalleryTexts.gridLabel }).getByRole('img').first().waitFor();
    await expect.poll(() => photoUrls.length).toBeGreaterThan(0);
    const handedOut = photoUrls.at(-1)!;
    expect(handedOut.length).toBeGreaterThan(0);
    for (const url of handedOut) expect(await statusOf(url)).toBe(200);

    const stored = await getOrder(order.orderId);
    await refundAsSeller(stripeOf(world.env), await sellerAccountOf(order), {
      payment_intent: stored?.paymentIntentId ?? '',
    });
    await expect.poll(async () => (await getOrder(order.orderId))?.status).toBe('REFUNDED');
    const refundedAt = Date.now();

    // The open page finds out at its next re-signing (refused: 410) and says why, in plain words.
    const answersBefore = photoUrls.length;
    await page
      .getByRole('heading', { name: orderAccessTexts.paymentHeadings.REFUNDED })
      .waitFor({ timeout: (TEST_CUSTOMER_URL_TTL_SECONDS + 15) * 1000 });
    await page.getByText(orderStatusReasonTexts.REFUNDED).waitFor();
    // Opened again, it says the same, and no URL was signed since the refund.
    await page.goto(app(`/orders/${order.orderId}`));
    await page
      .getByRole('heading', { name: orderAccessTexts.paymentHeadings.REFUNDED })
      .waitFor({ timeout: 30_000 });
    expect(photoUrls.length).toBe(answersBefore);

    // The URLs handed out before the refund stop working when they expire, and nothing replaces them.
    const latest = photoUrls.at(-1)!;
    await eventually(
      async () => Promise.all(latest.map(statusOf)),
      (statuses) => statuses.every((status) => status === 403),
      (TEST_CUSTOMER_URL_TTL_SECONDS + 15) * 1000,
    );
    expect(Date.now() - refundedAt).toBeLessThan((TEST_CUSTOMER_URL_TTL_SECONDS + 15) * 1000);
    await context.close();
  }, 120_000);
});

describe('two tabs', () => {
  it('pay the same order in two tabs: one payment kept, the other refunded, and the seller sees it', async () => {
    const order = await paidOrder();
    const context = await world.browser.newContext();
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await openOnCheckoutPage(first, order.orderId);
    await openOnCheckoutPage(second, order.orderId);
    // Both tabs are on the order's one session.
    expect(second.url()).toBe(first.url());

    await pay(first, order.orderId, 'first-tab@example.com');
    await expect.poll(async () => (await getOrder(order.orderId))?.status).toBe('FULFILLED');
    // The second tab cannot pay that session again: Stripe says it is paid.
    await second.getByLabel('Email').fill('second-tab@example.com');
    await second.getByRole('button', { name: 'Pay' }).click();
    await second.getByRole('heading', { name: 'Payment complete' }).waitFor();

    // A second payment that reaches Stripe anyway: another session of the order, as the product makes them.
    const account = await sellerAccountOf(order);
    const stripe = stripeOf(world.env);
    const escaped = await stripe.checkout.sessions.create(
      checkoutSessionParams((await getOrder(order.orderId))!, world.env.demo.appUrl, new Date()),
      { stripeAccount: account },
    );
    await second.goto(escaped.url ?? '');
    // The order's email is known now: the session has it, as the product's sessions do.
    expect(await second.getByLabel('Email').inputValue()).toBe('first-tab@example.com');
    await pay(second, order.orderId);

    const kept = await getOrder(order.orderId);
    const paidAgain = await stripe.checkout.sessions.retrieve(escaped.id, {}, { stripeAccount: account });
    const refunds = await eventually(
      async () =>
        (
          await stripe.refunds.list(
            { payment_intent: String(paidAgain.payment_intent) },
            { stripeAccount: account },
          )
        ).data,
      (found) => found.length > 0,
    );
    expect(refunds).toMatchObject([{ amount: 1500, reason: 'duplicate', status: 'succeeded' }]);
    expect(
      (await stripe.refunds.list({ payment_intent: kept?.paymentIntentId ?? '' }, { stripeAccount: account }))
        .data,
    ).toEqual([]);
    expect(kept).toMatchObject({ status: 'FULFILLED' });
    await context.close();

    // The seller's orders list shows the order paid, with the duplicate refunded automatically.
    const sellerContext = await world.browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await signInAsSeller(sellerPage);
    await expect
      .poll(
        async () => {
          await sellerPage.goto(app('/seller-orders'));
          const rows = sellerPage
            .getByRole('row')
            .filter({ hasText: sellerOrderTexts.duplicatesRefunded(1) });
          await sellerPage.getByRole('table').waitFor();
          return rows.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await sellerContext.close();
  }, 120_000);
});
