/**
 * A completed order's access in headless Chromium against the local stack: the customer's link to an
 * order whose 30 days are over says it expired; the seller finds it in the orders list ("Access ended
 * on …"), extends it by 7 days, and the customer's link opens the photos again. The customer's
 * "No more reminders" link turns the reminders off, and the seller's list says so, with the photos the
 * customer viewed (the page's beacon, sent as it was left). (The reminders
 * themselves, in compressed time: test/integration/access-reminders.test.ts.) Another ended order's
 * customer buys the 30 more days the seller priced, on Stripe's page, and the first link opens again.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/rules/dates';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { orderAccessTexts } from '../../web/src/features/order-access/texts';
import { reminderTexts } from '../../web/src/features/reminders/texts';
import { sellerOrderTexts as texts } from '../../web/src/features/seller-orders/texts';
import { sellerCommonTexts } from '../../web/src/lib/texts/seller-common';
import { getOrder } from '../../functions/domains/orders/order-store';
import { freshOrder, uniqueEmail } from '../integration/checkout-helpers';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();
const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = 'e2eReminderToken123456';

const app = (p: string) => `${world.env.stack.urls.app}${p}`;

/**
 * The orders list with the row shown: newest orders come first, so an older order may sit a few pages
 * down (other journeys' orders): 'Load more' until it shows, as the seller would.
 */
async function ordersListShowing(page: Page, row: Locator): Promise<void> {
  await page.goto(app('/seller-orders'));
  const more = page.getByRole('button', { name: sellerCommonTexts.loadMore });
  for (let attempt = 0; attempt < 120; attempt++) {
    if ((await row.count()) > 0) return;
    if (await more.isVisible()) await more.click();
    await page.waitForTimeout(250);
  }
  throw new Error('the order never showed in the orders list');
}

/** The demo seller signed in, on the orders list with the row of an order whose access ended 30 days after `fulfilledAt`. */
async function sellerAtEndedRow(fulfilledAt: Date) {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  await signInAsDemoSeller(page, app(''));
  const ended = texts.accessEnded(formatDate(new Date(fulfilledAt.getTime() + 30 * DAY_MS).toISOString()));
  const row = page.getByRole('row').filter({ hasText: ended });
  await ordersListShowing(page, row);
  expect(await row.count()).toBe(1);
  return { context, page, row };
}

describe('a completed order’s access', () => {
  it('opens again once the seller extends it, and the customer can turn reminders off', async () => {
    const fulfilledAt = new Date(Date.now() - 40 * DAY_MS);
    const order = await freshOrder(world.env, {
      status: 'FULFILLED',
      fulfilledAt: fulfilledAt.toISOString(),
      customerEmail: uniqueEmail('ended'),
      // As the first reminder's claim leaves it: the secret of the email's unsubscribe link.
      reminderToken: TOKEN,
      // Made now (only its fulfilment is old): the demo seller's list is newest first, and a run's other
      // files give it pages of orders, so an order made 41 days ago would sit dozens of pages down.
      createdDaysAgo: 0,
    });
    const customer = await world.browser.newContext(PHONE);
    const customerPage = await customer.newPage();
    await customerPage.goto(app(`/orders/${order.orderId}`));
    await customerPage.getByRole('heading', { name: orderAccessTexts.expiredHeading }).waitFor();

    const { context: sellerContext, page, row } = await sellerAtEndedRow(fulfilledAt);

    await row.getByRole('button', { name: texts.extendAccess }).click();
    const dialog = page.getByRole('dialog', { name: texts.extendAccessTitle });
    await dialog.getByLabel(texts.extendBy).selectOption('7');
    await dialog.getByRole('button', { name: texts.extendAccess }).click();
    await dialog.waitFor({ state: 'detached' });
    const until = texts.accessUntil(formatDate(new Date(Date.now() + 7 * DAY_MS).toISOString()));
    await page.getByRole('row').filter({ hasText: until }).first().waitFor();

    // The customer's link opens the photos again; they look at two photos in the viewer.
    await customerPage.reload();
    await customerPage.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
    const count = order.photoIds.length;
    await customerPage.getByRole('button', { name: `Open photo 1 of ${count}` }).click();
    await customerPage.locator('.yarl__slide_current img').waitFor();
    await customerPage.keyboard.press('ArrowRight');
    await customerPage.waitForFunction(
      (alt) => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === alt,
      `Photo 2 of ${count}`,
    );

    // The reminder email's link turns the reminders off; the seller's list says so.
    await customerPage.goto(app(`/orders/${order.orderId}/unsubscribe?token=${TOKEN}`));
    await customerPage.getByRole('heading', { name: reminderTexts.unsubscribedTitle }).waitFor();
    await customerPage.getByRole('link', { name: reminderTexts.viewPhotos }).click();
    await customerPage.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
    const extended = page.getByRole('row').filter({ hasText: until }).filter({ hasText: texts.remindersOff });
    await ordersListShowing(page, extended);
    expect(await extended.count()).toBe(1);
    // The two photos viewed reached the seller: the page's beacon went as it was left (the column fills
    // in after the list; a list read before the beacon landed is read again).
    const activity = extended.locator(`td[data-label="${texts.activity}"]`);
    await expect
      .poll(
        async () => {
          const text = (await activity.textContent()) ?? '';
          if (text.includes(' 0 photos viewed')) await ordersListShowing(page, extended);
          return text;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^Opened \d+ · 2 photos viewed · 0 downloads · 0 ZIP$/);
    await Promise.all([customer.close(), sellerContext.close()]);
  }, 120_000);

  it('sells the customer 30 more days at the seller’s price once access has ended', async () => {
    // Its own end date (45 days ago), so its row is told apart from the other journey's.
    const fulfilledAt = new Date(Date.now() - 45 * DAY_MS);
    const order = await freshOrder(world.env, {
      status: 'FULFILLED',
      fulfilledAt: fulfilledAt.toISOString(),
      customerEmail: uniqueEmail('extension'),
      createdDaysAgo: 0,
    });
    const { context: sellerContext, page, row } = await sellerAtEndedRow(fulfilledAt);
    await row.getByRole('button', { name: texts.offerExtension }).click();
    const dialog = page.getByRole('dialog', { name: texts.offerExtensionTitle });
    await dialog.getByLabel(texts.extensionPrice).fill('4.50');
    await dialog.getByRole('button', { name: texts.saveOffer }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(texts.extensionOffered('£4.50')).waitFor();

    // The customer's ended link offers the days; paying them on Stripe's page opens the photos again.
    const customer = await world.browser.newContext(PHONE);
    const customerPage = await customer.newPage();
    await customerPage.goto(app(`/orders/${order.orderId}`));
    await customerPage.getByRole('heading', { name: orderAccessTexts.expiredHeading }).waitFor();
    await customerPage.getByText(orderAccessTexts.extensionOffer(30, '£4.50')).waitFor();
    await customerPage.getByRole('button', { name: orderAccessTexts.extendAccess('£4.50') }).click();
    const stripeOrigin = new URL(world.env.stack.urls.stripe).origin;
    await customerPage.waitForURL((url) => url.origin === stripeOrigin, { timeout: 30_000 });
    await customerPage.getByRole('button', { name: 'Pay' }).click();
    await customerPage.waitForURL(/\/checkout\/success\//);
    await customerPage.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await expect
      .poll(async () => Boolean((await getOrder(order.orderId))?.accessEndsAt), { timeout: 15_000 })
      .toBe(true);
    await customerPage.goto(app(`/orders/${order.orderId}`));
    await customerPage.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();

    // The seller's list: the first order open again, and the extension a sale of its own.
    const until = texts.accessUntil(formatDate(new Date(Date.now() + 30 * DAY_MS).toISOString()));
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: texts.paidExtension })
      .filter({ hasText: '£4.50' })
      .first()
      .waitFor();
    const reopened = page
      .getByRole('row')
      .filter({ hasText: until })
      .filter({ hasText: texts.extensionOffered('£4.50') });
    await ordersListShowing(page, reopened);
    expect(await reopened.count()).toBe(1);
    await Promise.all([customer.close(), sellerContext.close()]);
  }, 120_000);
});
