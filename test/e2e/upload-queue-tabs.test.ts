/**
 * The upload queue with one gallery open in two tabs of the same browser (one context: they share
 * IndexedDB and Web Locks), in headless Chromium as the demo seller. The first tab holds the gallery's
 * tab lock and sends the files kept on the device; the second sends none of them and says another tab
 * is uploading them; once the first tab is closed, the second takes them over and they upload without a
 * click, as the same photos (web/src/features/seller-galleries/upload/upload-queue.ts, web/src/lib/tab-lock.ts).
 */
import type { Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eWorld } from '../support/e2e';
import { createGalleryThroughPage, demoSellerPage } from '@shutterlane/harness/seller-page';
import { jpegs, queueRows, readyTiles, storedUploads } from '../support/upload-queue-page';

const world = e2eWorld();

describe('the upload queue in two tabs', () => {
  it('sends the kept photos from one tab only, and the other takes them over when that one is closed', async () => {
    const { context, page: first } = await demoSellerPage(world.browser, world.env.stack.urls.app);
    const galleryUrl = await createGalleryThroughPage(
      first,
      world.env.stack.urls.app,
      'Two tabs on the ferry',
    );

    // The first tab's storage PUTs hang, as on a one-bar network: its three files stay kept and unsent.
    const s3 = new URL(world.env.stack.urls.s3).origin;
    const hung: Route[] = [];
    await first.route(
      (url) => url.origin === s3,
      async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        hung.push(route);
      },
    );
    await first.locator('input[type="file"]').setInputFiles(await jpegs('ferry', 3));
    await expect.poll(() => hung.length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => queueRows(first, 'uploading').count()).toBe(3);
    await expect.poll(() => first.evaluate(storedUploads)).toBe(3);

    // The second tab: every upload request it makes (createUploads, the storage PUT) is counted.
    const second = await context.newPage();
    const sent: string[] = [];
    const isUpload = (request: Request) => {
      const url = new URL(request.url());
      return (
        (url.origin === s3 && request.method() === 'PUT') ||
        (request.method() === 'POST' && /\/galleries\/[^/]+\/uploads$/.test(url.pathname))
      );
    };
    second.on('request', (request) => {
      if (isUpload(request)) sent.push(`${request.method()} ${request.url()}`);
    });
    await second.goto(galleryUrl);
    await second.getByRole('heading', { name: 'Two tabs on the ferry' }).waitFor();
    // Long enough for a tab that put the kept files back to have sent them (it does so at once).
    await second.waitForTimeout(4000);
    expect(sent).toEqual([]);
    expect(await second.locator('.upload-list li').count()).toBe(0);
    const note = second.getByRole('status').filter({
      hasText: '3 photos kept on this device are uploading in another tab or window.',
    });
    await note.waitFor({ timeout: 30_000 });

    // The first tab goes away with its lock: the second puts the three back and uploads them itself.
    await first.close();
    await second.getByText('Uploaded 3 of 3').waitFor({ timeout: 60_000 });
    await note.waitFor({ state: 'detached' });
    await expect.poll(() => readyTiles(second).count(), { timeout: 60_000 }).toBe(3);
    // The same photos (each file's clientFileId was kept), not three more.
    expect(await second.locator('.photo-tile').count()).toBe(3);
    expect(sent.filter((s) => s.startsWith('PUT')).length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => second.evaluate(storedUploads)).toBe(0);
    await context.close();
  }, 180_000);
});
