/**
 * A customer opens each seeded order in headless Chromium against the local stack (Vite dev server,
 * gateway, stand-ins) and sees the step the spec's state table gives.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { galleryErrors, orderErrors } from '#shared/texts/errors';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();

async function openOrder(orderUrl: string): Promise<Page> {
  const page = await world.browser.newPage();
  await page.goto(orderUrl);
  return page;
}

describe('order access in the browser', () => {
  it('shows a free order at step 1, the email entry, with Access Photos disabled until an email is typed', async () => {
    const page = await openOrder(world.env.demo.orders.free.url);
    await page.getByRole('heading', { name: 'Enter Your Email' }).waitFor();
    expect(await page.locator('[data-step]').getAttribute('data-step')).toBe('1');
    const button = page.getByRole('button', { name: 'Access Photos' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel(/email/i).fill('customer@example.com');
    expect(await button.isDisabled()).toBe(false);
    await page.close();
  });

  it('shows an expired order at step 5 with the exact text', async () => {
    const page = await openOrder(world.env.demo.orders.expired.url);
    await page.getByText(orderErrors.expired).waitFor();
    expect(await page.locator('[data-step]').getAttribute('data-step')).toBe('5');
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toContain(
      world.env.demo.orders.expired.id,
    );
    await page.close();
  });

  it('sends a paid order to the card checkout page (step 7)', async () => {
    const page = await openOrder(world.env.demo.orders.paid.url);
    await page.waitForURL((url) => url.origin === new URL(world.env.stack.urls.stripe).origin, {
      timeout: 30_000,
    });
    expect(page.url()).toContain(new URL(world.env.stack.urls.stripe).origin);
    await page.close();
  });

  // One address per order: a fulfilled order opens its gallery (test/e2e/order-gallery.test.ts).
  it('shows a fulfilled order as its photos, not the steps', async () => {
    const page = await openOrder(world.env.demo.orders.fulfilled.url);
    await page.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
    expect(await page.locator('[data-step]').count()).toBe(0);
    await page.close();
  });

  it("shows 'Order Not Found' for an unknown order", async () => {
    const page = await openOrder(`${world.env.demo.appUrl}/orders/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('heading', { level: 1, name: galleryErrors.notFoundTitle }).waitFor();
    await page.getByText(galleryErrors.notFoundText).waitFor();
    await page.close();
  });
});
