/**
 * Unpaid picks in headless Chromium against the local stack: a customer picks a photo in a seller's
 * public gallery (after the invisible human check) and leaves the card page without paying. The seller
 * finds the order among the unpaid orders, not the sales, and cancels it; the customer's order link then
 * says it was cancelled, and its card page can no longer be paid.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderStatusReasonTexts } from '#shared/texts/errors';
import type { PublishGalleryBody } from '#shared/schemas/public-gallery';
import { createOnboardedAccount } from '@shutterlane/stripe-emulator/testing';
import { orderAccessTexts } from '../../web/src/features/order-access/texts';
import { sellerOrderTexts as texts } from '../../web/src/features/seller-orders/texts';
import { stripeOf } from '../integration/payments-helpers';
import {
  call,
  createGallery,
  jpeg,
  uploadFiles,
  waitForPhotos,
} from '@shutterlane/harness/seller-tools-helpers';
import { createVerifiedSeller, idToken } from '@shutterlane/harness/accounts';
import { e2eWorld } from '../support/e2e';
import { signInThroughPage } from '@shutterlane/harness/seller-page';

const world = e2eWorld();
const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true } as const;
const SELLER = { name: 'Quinn Shutter', password: 'Unpaid-orders-1' };

const app = (p: string) => `${world.env.stack.urls.app}${p}`;
const stripeOrigin = () => new URL(world.env.stack.urls.stripe).origin;

const settings: PublishGalleryBody = {
  published: true,
  settings: {
    title: 'Rowing club 2026',
    pricing: { currency: 'GBP', perPhotoMinor: 350, bundles: [] },
    watermark: { kind: 'text', text: 'Quinn', position: 'center', opacity: 0.5 },
  },
  faceSearch: { enabled: false },
};

/** A seller taking card payments, with a published priced public gallery of two photos (set up by API). */
async function sellerWithPublicGallery() {
  const account = await createOnboardedAccount(stripeOf(world.env), 'unpaid-orders@example.com');
  const { userId, email } = await createVerifiedSeller(
    world.env.stack,
    { label: 'unpaid-orders', ...SELLER },
    { plan: 'advanced', stripeAccountId: account.id, chargesEnabled: true, paymentAcceptanceEnabled: true },
  );
  const seller = { userId, token: await idToken(world.env.stack, email, SELLER.password) };
  const galleryId = await createGallery(world.env, seller, 'Rowing');
  const photoIds = await uploadFiles(world.env, seller, galleryId, [
    { name: 'r1.jpg', body: await jpeg(1) },
    { name: 'r2.jpg', body: await jpeg(2) },
  ]);
  await waitForPhotos(world.env, seller, galleryId, photoIds);
  const published = await call(world.env, seller, 'POST', `/galleries/${galleryId}/public`, settings);
  return { email, publicId: String(published.body.publicId) };
}

/** The customer picks the first photo and goes on to the card page: answers the order's id. */
async function pickAndLeaveUnpaid(page: Page, publicId: string): Promise<string> {
  // The pick's answer, read as it passes (the page leaves for the order at once).
  const ordered = new Promise<string>((resolve) => {
    void page.route(`**/api/public/galleries/${publicId}/orders`, async (route) => {
      const response = await route.fetch();
      resolve(((await response.json()) as { orderId: string }).orderId);
      await route.fulfill({ response });
    });
  });
  await page.goto(app(`/g/${publicId}`));
  await page.getByRole('heading', { name: 'Rowing club 2026' }).waitFor();
  await page.getByRole('button', { name: 'Select photo 1 of 2' }).click();
  await page.getByTestId('checkout').click();
  await page.waitForURL((url) => url.origin === stripeOrigin(), { timeout: 30_000 });
  return ordered;
}

describe("the seller's unpaid orders", () => {
  it('shows a customer’s unpaid pick apart from the sales; cancelled, its link says so and it cannot be paid', async () => {
    const { email, publicId } = await sellerWithPublicGallery();
    const customer = await world.browser.newContext(PHONE);
    const customerPage = await customer.newPage();
    const orderId = await pickAndLeaveUnpaid(customerPage, publicId);
    const cardPage = customerPage.url();

    const sellerContext = await world.browser.newContext();
    const page = await sellerContext.newPage();
    await signInThroughPage(page, app(''), { email, ...SELLER });
    await page.goto(app('/seller-orders'));
    const views = page.getByRole('navigation', { name: texts.orderViewsLabel });
    await views.getByRole('link', { name: texts.orderViews.sales }).click();
    await page.getByText(texts.noOrdersInView.sales).waitFor();
    await views.getByRole('link', { name: texts.orderViews.unpaid }).click();
    const row = page.getByRole('row').filter({ hasText: texts.fromPublicGallery });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('Awaiting payment');

    await row.getByRole('button', { name: texts.cancelOrder }).click();
    const dialog = page.getByRole('dialog', { name: texts.cancelOrderTitle });
    await dialog.getByRole('button', { name: texts.cancelOrder }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain(texts.cancelled);
    expect(await row.getByRole('button', { name: texts.cancelOrder }).count()).toBe(0);
    await sellerContext.close();

    // The customer comes back to the order link: it says the seller cancelled it.
    await customerPage.goto(app(`/orders/${orderId}`));
    await customerPage.getByRole('heading', { name: orderAccessTexts.cancelledHeading }).waitFor();
    await customerPage.getByText(orderStatusReasonTexts.CANCELLED).waitFor();
    // And the card page it had open no longer takes a payment.
    await customerPage.goto(cardPage);
    await customerPage.getByRole('heading', { name: 'Checkout session expired' }).waitFor();
    expect(await customerPage.getByRole('button', { name: 'Pay' }).count()).toBe(0);
    await customer.close();
  }, 120_000);
});
