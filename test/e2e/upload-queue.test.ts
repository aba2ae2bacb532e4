/**
 * The upload queue in headless Chromium, as the demo seller: photos queued offline upload by
 * themselves once the network is back; a reload in the middle of a queue resumes it without counting a
 * photo twice; a photo written into a watched folder (a directory of the Origin Private File System,
 * handed to the page's folder picker, since headless Chromium cannot answer the real dialog) is
 * uploaded; and a second browser signed in as the same seller sees the new gallery and its photo,
 * processed, without a reload.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eWorld } from '../support/e2e';
import { createGalleryThroughPage, demoSellerPage } from '@shutterlane/harness/seller-page';
import { jpegs, queueRows, readyTiles, storedUploads } from '../support/upload-queue-page';
import { sellerGalleryTexts } from '../../web/src/features/seller-galleries/texts';

const world = e2eWorld();
const app = (p: string) => `${world.env.stack.urls.app}${p}`;

const sellerPage = () => demoSellerPage(world.browser, world.env.stack.urls.app);
const createGallery = (page: Page, name: string) =>
  createGalleryThroughPage(page, world.env.stack.urls.app, name);

/** Whether the seller's worker (web/src/app/seller-app) is active and controls the page. */
const controlledBySellerWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
    return /\/seller-sw\.js$/.test(navigator.serviceWorker.controller?.scriptURL ?? '');
  });

describe('the upload queue', () => {
  it('queues photos offline and uploads all of them, without a click, once the network is back', async () => {
    const { context, page } = await sellerPage();
    await createGallery(page, 'Harbour at dawn');
    await context.setOffline(true);
    await page.locator('input[type="file"]').setInputFiles(await jpegs('dawn', 5));
    await expect.poll(() => queueRows(page, 'offline').count()).toBe(5);
    await page.getByText('You are offline: 5 photos wait for the network').waitFor();
    await page.waitForTimeout(1500);
    expect(await queueRows(page, 'offline').count()).toBe(5);

    await context.setOffline(false);
    // A file whose request was cut by the drop waits out the queue's network back-off (at most 30 s)
    // before it goes again, and the first uploads of a run meet cold functions. On a timeout, the
    // rows' states say where the queue stood.
    const states = () =>
      page.locator('.upload-list li').evaluateAll((rows) =>
        rows.map((row) => {
          const error = row.querySelector('.name')?.getAttribute('title');
          return `${row.getAttribute('data-state')}: ${row.textContent} (${error})`;
        }),
      );
    await page
      .getByText('Uploaded 5 of 5')
      .waitFor({ timeout: 90_000 })
      .catch(async (error: unknown) => {
        throw new Error(`queue rows: ${JSON.stringify(await states())}`, { cause: error });
      });
    await expect.poll(() => readyTiles(page).count(), { timeout: 30_000 }).toBe(5);
    await context.close();
  }, 180_000);

  it('opens offline after a reload with the queued photos kept, and uploads all of them once the network is back', async () => {
    const { context, page } = await sellerPage();
    const galleryUrl = await createGallery(page, 'Ferry crossing');
    // The worker keeps the shell once active; a page loaded after that is controlled by it.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Ferry crossing' }).waitFor();
        return controlledBySellerWorker(page);
      })
      .toBe(true);

    await context.setOffline(true);
    await page.locator('input[type="file"]').setInputFiles(await jpegs('ferry', 5));
    await expect.poll(() => queueRows(page, 'offline').count()).toBe(5);
    await expect.poll(() => page.evaluate(storedUploads)).toBe(5);

    // Still offline: the worker serves the shell, the session stays signed in with what the device
    // kept, and the gallery page shows the queue read back from IndexedDB.
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(page.url()).toBe(galleryUrl);
    await page.getByRole('heading', { name: 'Ferry crossing' }).waitFor();
    await page
      .getByText('You are offline: the photos of this gallery show when the network is back.')
      .waitFor();
    await expect.poll(() => queueRows(page, 'offline').count()).toBe(5);
    await page.getByText('You are offline: 5 photos wait for the network').waitFor();
    // The app's start page, offline: the galleries this device last saw lead back to the queue.
    await page.goto(app('/galleries'));
    await page.getByText(sellerGalleryTexts.offlineGalleries).waitFor();
    await page.getByRole('link', { name: /Ferry crossing/ }).click();
    await page.getByRole('heading', { name: 'Ferry crossing' }).waitFor();
    await expect.poll(() => queueRows(page, 'offline').count()).toBe(5);

    await context.setOffline(false);
    await expect.poll(() => readyTiles(page).count(), { timeout: 60_000 }).toBe(5);
    expect(page.url()).toBe(galleryUrl);
    await context.close();
  });

  it('resumes after a reload in the middle of the queue, counting each photo once', async () => {
    const { context, page } = await sellerPage();
    await createGallery(page, 'Festival field');
    const usage = page.getByText(/^Uploads this month: \d+ of \d+ photos$/);
    const usedBefore = Number((await usage.textContent())!.match(/: (\d+) of/)![1]);

    // The first two files reach storage; the other three hang half-way, as on a dying connection, until
    // the page is reloaded.
    const s3 = new URL(world.env.stack.urls.s3).origin;
    let through = 2;
    let reloaded = false;
    const hung: Route[] = [];
    await page.route(
      (url) => url.origin === s3,
      async (route) => {
        if (reloaded || route.request().method() !== 'PUT' || through-- > 0) return route.continue();
        hung.push(route);
      },
    );
    await page.locator('input[type="file"]').setInputFiles(await jpegs('festival', 5));
    await page.getByText('Uploaded 2 of 5').waitFor({ timeout: 30_000 });
    expect(hung.length).toBeGreaterThan(0);
    // The three not uploaded are kept on the device.
    await expect.poll(() => page.evaluate(storedUploads)).toBe(3);

    reloaded = true;
    await page.reload();
    await page.getByRole('heading', { name: 'Festival field' }).waitFor();
    // The three kept on the device come back and go on by themselves.
    await page.getByText(/Uploaded \d of 3/).waitFor();
    await page.getByText('Uploaded 3 of 3').waitFor({ timeout: 30_000 });
    await expect.poll(() => readyTiles(page).count(), { timeout: 30_000 }).toBe(5);
    // Each file's clientFileId was kept: the resumed uploads got their photos back, not new ones.
    expect(await page.locator('.photo-tile').count()).toBe(5);
    await page.getByText(`Uploads this month: ${usedBefore + 5} of`).waitFor();
    await context.close();
  });

  it('uploads a photo written into a watched folder, once, and watches the folder again after a reload', async () => {
    const { context, page } = await sellerPage();
    // Headless Chromium cannot answer the folder dialog: the picker hands over an OPFS directory.
    await context.addInitScript(() => {
      Object.assign(window, {
        showDirectoryPicker: async () =>
          (await navigator.storage.getDirectory()).getDirectoryHandle('card-reader', { create: true }),
      });
    });
    await createGallery(page, 'Tethered studio');
    await page.getByRole('button', { name: 'Watch a folder' }).click();
    await page.getByText('Watching “card-reader”').waitFor();

    const [photo] = await jpegs('studio', 1);
    await page.evaluate(
      async ({ name, bytes }) => {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('card-reader');
        const dcim = await folder.getDirectoryHandle('DCIM', { create: true });
        const writable = await (await dcim.getFileHandle(name, { create: true })).createWritable();
        await writable.write(new Uint8Array(bytes));
        await writable.close();
      },
      { name: photo!.name, bytes: [...photo!.buffer] },
    );
    await expect.poll(() => readyTiles(page).count(), { timeout: 40_000 }).toBe(1);
    await page.getByRole('checkbox', { name: 'Select studio-1.jpg' }).waitFor();

    // The folder is remembered for the gallery; the photo already taken is not queued again.
    await page.reload();
    await page.getByText('Watching “card-reader”').waitFor();
    await page.waitForTimeout(8000);
    expect(await page.locator('.photo-tile').count()).toBe(1);
    expect(await page.locator('.upload-list li').count()).toBe(0);
    await context.close();
  });

  it('shows a gallery and a photo uploaded on one device, processed, on another without a reload', async () => {
    const laptop = await sellerPage();
    const phone = await sellerPage();
    await phone.page.goto(app('/galleries'));
    await phone.page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();

    const galleryUrl = await createGallery(laptop.page, 'Regatta finish line');
    const link = phone.page.getByRole('link', { name: /Regatta finish line/ });
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await phone.page.getByRole('heading', { name: 'Regatta finish line' }).waitFor();
    expect(phone.page.url()).toBe(galleryUrl);
    await phone.page.getByText('No photos yet. Upload some to get started.').waitFor();

    await laptop.page.locator('input[type="file"]').setInputFiles(await jpegs('finish', 1));
    await expect.poll(() => readyTiles(laptop.page).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => readyTiles(phone.page).count(), { timeout: 40_000 }).toBe(1);
    await phone.page.getByRole('checkbox', { name: 'Select finish-1.jpg' }).waitFor();
    await laptop.context.close();
    await phone.context.close();
  });
});
