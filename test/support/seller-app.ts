/**
 * The installable seller app as a browser sees it: its service worker, Chromium's
 * installability verdict, and a seller page reloaded offline. Shared by the e2e stack's suite
 * (test/e2e/installable.test.ts) and the one of what `npm start` serves (test/e2e/npm-start.test.ts).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromeTexts } from '../../web/src/app/chrome/texts';
import { sellerCommonTexts } from '../../web/src/lib/texts/seller-common';

/** The seller worker's script and scope, once it is active for the whole site. */
export const activeSellerWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) return undefined;
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
    return {
      script: new URL(registration.active!.scriptURL).pathname,
      scope: new URL(registration.scope).pathname,
    };
  });

/** Opens the galleries page, as the signed-in seller of `page`. */
export async function openGalleries(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/galleries`);
  await page.getByRole('heading', { level: 1, name: sellerCommonTexts.galleries }).waitFor();
}

/**
 * On the seller page `page` shows: the manifest Chromium reads has no errors, and (once the worker is
 * in place) the DevTools protocol reports no installability errors.
 */
export async function expectInstallable(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await cdp.detach();
  }
}

/**
 * Offline, a reload of the seller page `page` shows comes from the worker and React draws it: the
 * layout's main landmark with a page heading, the skip link and the footer's links (index.html alone has
 * only the header), all from the worker's cache, and the page from its lazily loaded chunks.
 */
export async function expectReloadsOffline(context: BrowserContext, page: Page): Promise<void> {
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/seller-sw\.js$/,
  );
  await context.setOffline(true);
  try {
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(page.url()).not.toMatch(/^chrome-error:/);
    await page.locator('main#main').getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: chromeTexts.skipToContent }).waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('footer.site-footer a').count()).toBeGreaterThan(0);
  } finally {
    await context.setOffline(false);
  }
}
