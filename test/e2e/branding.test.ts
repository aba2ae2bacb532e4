/**
 * The seller's brand in headless Chromium: the demo seller uploads a new logo on the profile
 * page; a customer then sees the business name and that logo (loaded through its redirect, under the
 * page's CSP) on an order page and on the public gallery, at 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_BUSINESS_NAME } from '@shutterlane/local-stack/seed/demo-brand';
import { e2eWorld } from '../support/e2e';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { solidPng } from '@shutterlane/harness/images';

const world = e2eWorld();

/** The brand's logo as the page drew it: its natural size, once loaded (0 while broken). */
async function shownLogo(page: Page): Promise<{ width: number; height: number }> {
  const logo = page.getByTestId('seller-brand').getByRole('img', { name: DEMO_BUSINESS_NAME });
  await logo.waitFor();
  await page.waitForFunction(
    (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
    await logo.elementHandle(),
  );
  return logo.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

describe("the seller's brand", () => {
  it('uploads a logo on the profile, and customers see it with the business name', async () => {
    // A 600×200 PNG: stored as it is (it fits 800×400), so its size tells it from the seed's 480×160.
    const png = await solidPng(600, 200, '#0e7490');
    const seller = await world.browser.newPage();
    await signInAsDemoSeller(seller, world.env.demo.appUrl);
    await seller.goto(`${world.env.demo.appUrl}/profile`);
    await seller.getByLabel('Choose a new logo').setInputFiles({
      name: 'studio-logo.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await seller.getByRole('status').filter({ hasText: 'Logo saved.' }).waitFor({ timeout: 20_000 });
    await seller.close();

    const customer = await world.browser.newPage({ viewport: { width: 375, height: 800 } });
    await customer.goto(world.env.demo.orders.expired.url);
    await customer.getByTestId('seller-brand').getByText(DEMO_BUSINESS_NAME).waitFor();
    expect(await shownLogo(customer)).toEqual({ width: 600, height: 200 });

    await customer.goto(world.env.demo.publicGallery!.url);
    await customer.getByTestId('seller-brand').getByText(DEMO_BUSINESS_NAME).waitFor();
    expect(await shownLogo(customer)).toEqual({ width: 600, height: 200 });
    // The grid's previews are drawn on first request: let them finish before the page goes.
    await customer.waitForLoadState('networkidle');
    await customer.close();
  }, 60_000);
});
