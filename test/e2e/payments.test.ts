/**
 * Getting paid, in headless Chromium against the local stack: a new seller without a plan sees
 * 'Advanced Subscription Required', subscribes to the Advanced plan on the emulator's checkout (a free
 * trial) and sees the trial banner; sets up payments through the onboarding page and the card goes from
 * 'Set Up Payment Acceptance' through the return polling to 'Payment Acceptance Active'; the billing
 * portal opens in a new tab; then a paid order of theirs is paid by a customer.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { earningsTexts } from '../../web/src/features/earnings/texts';
import { monthLabel } from '../../web/src/features/earnings/money';
import { describe, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { formatDate } from '#shared/rules/dates';
import { createVerifiedSeller, idToken } from '@shutterlane/harness/accounts';
import { e2eWorld } from '../support/e2e';
import { signInThroughPage } from '@shutterlane/harness/seller-page';

const world = e2eWorld();

const app = (p: string) => `${world.env.stack.urls.app}${p}`;
const stripeOrigin = () => new URL(world.env.stack.urls.stripe).origin;
const SELLER = { name: 'Robin Lens', password: 'Payments-seller-1' };

/** A verified seller with no plan yet: Cognito user plus the record sign-up makes. */
const createSeller = () => createVerifiedSeller(world.env.stack, { label: 'payments', ...SELLER });

const signIn = (page: Page, email: string): Promise<void> =>
  signInThroughPage(page, app(''), { email, ...SELLER });

/** A gallery with one processed photo, through the seller API (as the seller tools do). */
async function galleryWithPhoto(token: string): Promise<{ galleryId: string; photoIds: string[] }> {
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${world.env.demo.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const { galleryId } = (await api('POST', '/galleries', { albumName: 'Harbour sunset' })) as {
    galleryId: string;
  };
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  const issued = (await api('POST', `/galleries/${galleryId}/uploads`, {
    quality: 'original',
    files: [{ name: 'sunset.jpg', size: photo.length, contentType: 'image/jpeg', clientFileId: 'sunset-1' }],
  })) as { uploads: { photoId: string; url: string; headers: Record<string, string> }[] };
  const upload = issued.uploads[0]!;
  const put = await fetch(upload.url, {
    method: 'PUT',
    headers: upload.headers,
    body: new Uint8Array(photo),
  });
  expect(put.ok).toBe(true);
  for (let i = 0; i < 100; i++) {
    const gallery = (await api('GET', `/galleries/${galleryId}`)) as { photos?: { status?: string }[] };
    if (gallery.photos?.every((p) => p.status === 'READY')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { galleryId, photoIds: [upload.photoId] };
}

describe('getting paid', () => {
  it('trial of the Advanced plan, payment setup with polling to active, the portal, and a paid order', async () => {
    const seller = await createSeller();
    const page = await world.browser.newPage();
    await signIn(page, seller.email);

    // No plan yet.
    const paymentCard = page.getByRole('article', { name: 'Payment Acceptance' });
    await paymentCard.getByText('Advanced Subscription Required').waitFor();
    await page
      .getByRole('article', { name: 'Subscription Status' })
      .getByText('No active subscription')
      .waitFor();
    await paymentCard.getByRole('link', { name: 'View Pricing Plans' }).click();
    await page.waitForURL(app('/pricing'));

    // Subscribe to Advanced on the emulator's checkout page: a 14-day trial, email prefilled.
    await page.getByRole('button', { name: 'Start free trial of Advanced' }).click();
    await page.waitForURL((url) => url.origin === stripeOrigin());
    expect(await page.getByLabel('Email').inputValue()).toBe(seller.email);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const banner = page.getByRole('region', { name: 'Free Trial Active' });
    await banner.waitFor({ timeout: 30_000 });
    const record = await getUser(seller.userId);
    expect(record?.plan).toBe('advanced');
    await banner.getByText(`Your free trial ends on ${formatDate(record?.trialEndDate, 'long')}.`).waitFor();
    await banner.getByRole('button', { name: 'Upgrade Now' }).waitFor();
    expect(page.url()).toBe(app('/dashboard'));

    // Payment setup: from 'Set Up Payment Acceptance' through the onboarding page back to the dashboard.
    await paymentCard.getByRole('heading', { name: 'Set Up Payment Acceptance' }).waitFor();
    await paymentCard.getByRole('button', { name: 'Set Up Payments' }).click();
    await page.waitForURL((url) => url.origin === stripeOrigin() && url.pathname.startsWith('/setup/'));
    let statusCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/connect/status')) statusCalls += 1;
    });
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await paymentCard
      .getByText('Payment setup completed successfully! Your account is now ready to accept payments.')
      .waitFor();
    await paymentCard.getByRole('heading', { name: 'Payment Acceptance Active' }).waitFor();
    expect(statusCalls).toBeGreaterThanOrEqual(1);
    expect(page.url()).toBe(app('/dashboard'));
    await paymentCard.getByRole('button', { name: 'Open Stripe Dashboard' }).waitFor();
    await expect.poll(async () => (await getUser(seller.userId))?.chargesEnabled).toBe(true);

    // The billing portal opens in a new tab from /manage-account.
    await page.goto(app('/manage-account'));
    const [portal] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Manage Subscription' }).click(),
    ]);
    await portal.waitForURL((url) => url.origin === stripeOrigin());
    await portal.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    await portal.getByText(/Free trial until/).waitFor();
    await portal.close();

    // A paid order of this seller, paid by a customer on the emulator's checkout.
    const token = await idToken(world.env.stack, seller.email, SELLER.password);
    const { galleryId, photoIds } = await galleryWithPhoto(token);
    const created = await fetch(`${world.env.demo.apiUrl}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ galleryId, photoIds, total: 15, currency: 'GBP' }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { orderId: string; url: string };

    const customer = await world.browser.newContext();
    const customerPage = await customer.newPage();
    await customerPage.goto(order.url);
    await customerPage.waitForURL((url) => url.origin === stripeOrigin(), { timeout: 30_000 });
    await customerPage.getByLabel('Email').fill('buyer@example.com');
    await customerPage.getByRole('button', { name: 'Pay' }).click();
    await customerPage.waitForURL(`${world.env.demo.appUrl}/checkout/success/${order.orderId}`);
    await customerPage.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await expect
      .poll(async () => (await getOrder(order.orderId))?.status, { timeout: 15_000 })
      .toBe('FULFILLED');
    await customer.close();

    // The dashboard's earnings over time: the chart drawn, this month's row and the best-selling gallery,
    // once the payment's fees are recorded (with the counters they move).
    await expect
      .poll(async () => Boolean((await getOrder(order.orderId))?.payment), { timeout: 15_000 })
      .toBe(true);
    await page.goto(app('/dashboard'));
    const earnings = page.getByRole('article', { name: earningsTexts.title });
    const chart = earnings.getByRole('img', { name: earningsTexts.chartLabel('GBP') });
    await expect.poll(async () => (await chart.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    await earnings.getByText(earningsTexts.figures).click();
    const thisMonth = earnings.getByRole('row', {
      name: new RegExp(`^${monthLabel(new Date().toISOString().slice(0, 7))}`),
    });
    expect(await thisMonth.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['£15.00', '£0.75', '1', '£15.00']),
    );
    await earnings.getByRole('listitem').filter({ hasText: '£15.00' }).getByText('1 order').waitFor();
  });
});
