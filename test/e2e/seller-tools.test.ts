/**
 * The demo seller in headless Chromium: creates a gallery, uploads 5 generated JPEGs with the progress
 * shown, sees the thumbnails appear without reloading, creates a free order from 3 of them and gets its
 * link and QR code; a customer opens the link in a fresh browser context and gets to the photos.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { sellerCommonTexts } from '../../web/src/lib/texts/seller-common';
import { e2eWorld } from '../support/e2e';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { noisyJpeg } from '@shutterlane/harness/images';

const world = e2eWorld();
let photoDir: string;

beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'seller-e2e-'));
});
afterAll(async () => {
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

const app = (p: string) => `${world.env.stack.urls.app}${p}`;
/** The gallery the first test makes; the second deletes some of its photos. */
let galleryUrl = '';

/** Noisy JPEGs of about a megabyte, so uploads take long enough to show progress. */
async function generatedJpegs(count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(photoDir, `event-${i + 1}.jpg`);
      const body = await noisyJpeg(1600, 1200, 100 + i * 20, 90);
      await writeFile(file, body);
      return file;
    }),
  );
}

const signIn = (page: Page) => signInAsDemoSeller(page, world.env.stack.urls.app);

describe('seller tools', () => {
  it('gallery, upload with progress, thumbnails, free order with QR, customer gets the photos', async () => {
    const files = await generatedJpegs(5);
    const page = await world.browser.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Galleries' }).click();
    await page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();
    await page.getByRole('progressbar', { name: 'Uploads this month' }).waitFor();

    await page.getByLabel('Gallery name').fill('Sailing regatta');
    await page.getByRole('button', { name: 'Create gallery' }).click();
    await page.getByRole('heading', { name: 'Sailing regatta' }).waitFor();
    expect(page.url()).toMatch(/\/galleries\/[A-Za-z0-9_-]+$/);
    galleryUrl = page.url();

    await page.locator('input[type="file"]').setInputFiles(files);
    // Progress: the batch line and a bar per file.
    await page.getByText(/Uploaded \d of 5/).waitFor();
    expect(await page.locator('.upload-list progress').count()).toBe(5);
    await page.getByText('Uploaded 5 of 5').waitFor({ timeout: 30_000 });

    // Thumbnails appear without a reload (the page polls while photos are processing).
    const tiles = page.locator('.photo-tile[data-status="READY"] img');
    // Thumbnails load lazily, once within 100px of the viewport.
    await page.locator('.photo-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBe(5);
    // The count comes with the same polls as the tiles; it may show on the next answer.
    await page.getByText('5 photos').first().waitFor({ timeout: 10_000 });
    const columns = Number(await page.locator('.photo-grid').getAttribute('data-columns'));
    expect(columns).toBeGreaterThanOrEqual(2);
    expect(columns).toBeLessThanOrEqual(8);

    // Full size, fetched with the bearer token and shown from a blob.
    await page.getByRole('button', { name: 'View event-1.jpg' }).click();
    const full = page.getByRole('dialog', { name: 'event-1.jpg' }).getByRole('img', { name: 'event-1.jpg' });
    await full.waitFor();
    expect(await full.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: `Select event-${n}.jpg` }).check();
    await page.getByText('3 selected').waitFor();
    await page.getByLabel('Price (£, 0 for a free order)').fill('0');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByRole('heading', { name: 'Order created' }).waitFor();
    const link = await page.getByTestId('order-link').inputValue();
    expect(link).toMatch(new RegExp(`^${world.env.stack.urls.app}/orders/[A-Za-z0-9_-]{22}$`));
    const orderId = link.split('/').pop()!;
    await page.getByRole('img', { name: `QR code for order ${orderId}` }).waitFor();
    expect(await page.getByRole('link', { name: 'Download PNG' }).getAttribute('download')).toBe(
      `order-${orderId}.png`,
    );
    expect(await page.getByRole('link', { name: 'Download SVG' }).getAttribute('href')).toMatch(
      /^data:image\/svg\+xml/,
    );

    // The orders list shows it first.
    await page.goto(app('/seller-orders'));
    const firstRow = page.locator('.orders-table tbody tr').first();
    await expect.poll(() => firstRow.textContent()).toContain('Free');
    expect(await firstRow.locator(`td[data-label="${sellerCommonTexts.photos}"]`).textContent()).toBe('3');
    await page.close();

    // A customer, in a fresh context with no session, opens the link and gets to the photos.
    const customer = await world.browser.newContext();
    const customerPage = await customer.newPage();
    await customerPage.goto(link);
    await customerPage.getByRole('heading', { name: 'Enter Your Email' }).waitFor({ timeout: 20_000 });
    await customerPage.getByLabel(/email/i).fill('regatta.guest@example.com');
    await customerPage.getByRole('button', { name: 'Access Photos' }).click();
    await customerPage.getByRole('heading', { name: 'Your Photos' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => customerPage.getByRole('button', { name: /^Open photo \d of 3$/ }).count())
      .toBe(3);
    await customer.close();
  });

  it('deletes selected photos, but keeps one that an open order includes', async () => {
    expect(galleryUrl).not.toBe('');
    const page = await world.browser.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page);
    await page.goto(galleryUrl);
    await page.getByRole('heading', { name: 'Sailing regatta' }).waitFor();
    for (const n of [4, 5]) await page.getByRole('checkbox', { name: `Select event-${n}.jpg` }).check();
    await page.getByRole('button', { name: 'Delete 2 photos' }).click();
    await expect.poll(() => page.locator('.photo-tile').count()).toBe(3);
    expect(await page.getByRole('checkbox', { name: 'Select event-4.jpg' }).count()).toBe(0);

    // event-1 is in the free order the first test made, which its customer can still open.
    await page.getByRole('checkbox', { name: 'Select event-1.jpg' }).check();
    await page.getByRole('button', { name: 'Delete 1 photo' }).click();
    await page.getByRole('alert').filter({ hasText: sellerToolErrors.photoInOpenOrder }).waitFor();
    await expect.poll(() => page.locator('.photo-tile').count()).toBe(3);
    await page.close();
  });
});
