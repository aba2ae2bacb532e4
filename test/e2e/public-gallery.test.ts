/**
 * A public gallery end to end on a phone-sized screen (375 px), the whole journey: the demo seller
 * uploads face photos, publishes them with a price per photo, a bundle and a watermark, with Find my
 * photos on; a customer opens the link, finds their photos with a selfie (described in the browser),
 * picks the two (the invisible human check first refusing a robot's score, then passing on a retry),
 * pays on the Stripe emulator's page, and gets the gallery and a ZIP of exactly those two.
 * Then the seller hides the selfie's person with a reference photo (described in the seller's browser):
 * customers see neither of that person's photos until the seller shows one again.
 * And the demo gallery's cover, which index.html draws before the app (under the seller's studio line,
 * or at the top without a brand), handed to the page's own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faceSearchProgress } from '../../functions/domains/faces/face-store';
import { listAllWithheld } from '../../functions/domains/faces/hiding-store';
import { getOrder } from '../../functions/domains/orders/order-store';
import { publicGalleryTexts } from '../../web/src/features/public-gallery/texts';
import { hiddenPeopleTexts } from '../../web/src/features/seller-galleries/publish/hidden-people-texts';
import { e2eWorld } from '../support/e2e';
import { PHONE, payAndOpenPhotos, pickMyPhotos } from '../support/public-gallery-page';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { readZip } from '../support/zip-reader';

const world = e2eWorld();
const FACES = path.join(import.meta.dirname, '../../local/stack/seed/faces');
/** Two photos of the selfie's person among two strangers'. */
const UPLOADS = ['lisa2.jpg', 'lisa3.jpg', 'london-001-smiling.jpg', 'london-004-smiling.jpg'];
const SELFIE = path.join(FACES, 'lisa1.jpg');

async function publishAsSeller(page: Page): Promise<{ link: string; galleryId: string }> {
  await signInAsDemoSeller(page, world.env.stack.urls.app);
  await page.goto(`${world.env.stack.urls.app}/galleries`);
  await page.getByLabel('Gallery name').fill('Harbour swim');
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await page.getByRole('heading', { name: 'Harbour swim' }).waitFor();
  const galleryId = page.url().split('/').pop()!;
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles(UPLOADS.map((name) => path.join(FACES, name)));
  await page.getByText(`Uploaded ${UPLOADS.length} of ${UPLOADS.length}`).waitFor({ timeout: 30_000 });
  await page.getByText(`${UPLOADS.length} photos`).first().waitFor({ timeout: 30_000 });

  const panel = page.getByRole('region', { name: 'Public gallery' });
  await panel.getByLabel('Title').fill('Harbour swim 2026');
  await panel.getByRole('radio', { name: 'Paid' }).check();
  await panel.getByLabel('Price per photo (£)').fill('3.00');
  await panel.getByRole('button', { name: 'Add bundle' }).click();
  await panel.getByLabel('Bundle 1: photos').fill('2');
  await panel.getByLabel('Bundle 1: price (£)').fill('5.00');
  await panel.getByLabel('Watermark text').fill('© Demo Photographer');
  await panel.getByRole('switch', { name: 'Find my photos (face search)' }).click();
  await panel.getByLabel('Why face search is allowed').selectOption({ index: 1 });
  await panel.getByRole('switch', { name: 'Published' }).click();
  await panel.getByRole('button', { name: 'Save public gallery' }).click();
  await panel.getByRole('status').filter({ hasText: 'Public gallery saved' }).waitFor();
  const link = await panel.getByTestId('public-gallery-link').inputValue();
  await panel.getByRole('img', { name: 'QR code for the public gallery' }).waitFor();
  return { link, galleryId };
}

/** Switching the search on queues the photos already there: the faces function describes them. */
async function facesRecorded(galleryId: string): Promise<void> {
  await expect
    .poll(async () => (await faceSearchProgress(galleryId)).described, { timeout: 60_000, interval: 500 })
    .toBe(UPLOADS.length);
}

describe('public gallery on a phone', () => {
  it('publish, find my photos by selfie, pick two, pay, and get exactly those two in the gallery and the ZIP', async () => {
    const sellerContext = await world.browser.newContext(PHONE);
    const { link, galleryId } = await publishAsSeller(await sellerContext.newPage());
    expect(link).toMatch(new RegExp(`^${world.env.stack.urls.app}/g/[A-Za-z0-9_-]+$`));
    await sellerContext.close();
    await facesRecorded(galleryId);

    // The customer: a fresh phone with no session, without the save dialog (the ZIP streams through
    // the service worker, as on browsers without the File System Access API).
    const context = await world.browser.newContext(PHONE);
    await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Harbour swim 2026' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Select photo \d of 4$/ }).count()).toBe(4);

    await pickMyPhotos(page, SELFIE, 2);
    await expect.poll(() => page.getByTestId('selection-total').textContent()).toContain('£5.00');
    // The pick runs the invisible human check: scored as a robot's, no order is made and the bar says so.
    await world.env.stack.captcha.setScore(0.1);
    try {
      const refused = page.waitForResponse((response) =>
        /\/api\/public\/galleries\/[^/]+\/orders$/.test(response.url()),
      );
      await page.getByTestId('checkout').click();
      expect((await refused).status()).toBe(403);
      await page.getByRole('alert').filter({ hasText: publicGalleryTexts.humanCheckFailed }).waitFor();
    } finally {
      await world.env.stack.captcha.setScore(0.9);
    }
    await page.getByRole('button', { name: publicGalleryTexts.tryAgain }).click();
    const orderId = await payAndOpenPhotos(page, world.env.stack.urls.stripe, 'swimmer@example.com', 2);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ galleryId, totalMinor: 500, orderType: 'PAID_ORDER' });
    expect(order?.photoIds).toHaveLength(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    const zip = readZip(await readFile((await (await downloading).path())!));
    expect(zip).toHaveLength(2);
    const uploaded = await Promise.all(
      ['lisa2.jpg', 'lisa3.jpg'].map((name) => readFile(path.join(FACES, name))),
    );
    const inZip = zip.map((entry) => entry.data);
    for (const original of uploaded) expect(inZip.some((data) => data.equals(original))).toBe(true);
    await context.close();
  }, 240_000);

  it("hides a person from customers with a reference photo described in the seller's browser, until a photo is shown again", async () => {
    const sellerContext = await world.browser.newContext(PHONE);
    const seller = await sellerContext.newPage();
    const { link, galleryId } = await publishAsSeller(seller);
    await facesRecorded(galleryId);
    const panel = seller.getByRole('region', { name: hiddenPeopleTexts.heading });
    await panel.getByLabel(hiddenPeopleTexts.label).fill('Lisa (no consent)');
    await panel.getByLabel(hiddenPeopleTexts.reference).setInputFiles(SELFIE);
    await panel.getByRole('button', { name: hiddenPeopleTexts.hide }).click();
    await panel.getByText(hiddenPeopleTexts.withheldCount(2)).waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('withheld-photo').count()).toBe(2);
    const withheld = (await listAllWithheld(galleryId)).map((entry) => entry.photoId);
    expect(withheld).toHaveLength(2);

    // A customer sees the two strangers only: no withheld photo's id in any image or link of the page.
    const context = await world.browser.newContext(PHONE);
    const page = await context.newPage();
    const shownPhotos = async (count: number) => {
      await page.goto(link);
      await page.getByRole('heading', { name: 'Harbour swim 2026' }).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: /^Select photo \d of \d$/ }).count())
        .toBe(count);
      await page.waitForLoadState('networkidle');
      return page.content();
    };
    const hiddenView = await shownPhotos(2);
    for (const photoId of withheld) expect(hiddenView).not.toContain(photoId);

    // The seller shows one of them again: the customer sees three, the other still withheld.
    await panel.getByRole('button', { name: hiddenPeopleTexts.releaseLabel(1) }).click();
    await panel.getByText(hiddenPeopleTexts.withheldCount(1)).waitFor({ timeout: 30_000 });
    const [stillWithheld] = (await listAllWithheld(galleryId)).map((entry) => entry.photoId);
    await expect
      .poll(async () => (await shownPhotos(3)).includes(stillWithheld!), { timeout: 30_000 })
      .toBe(false);
    await context.close();
    await sellerContext.close();
  }, 240_000);

  /**
   * The demo gallery as it is (its seller has a brand), or with the answer's brand taken out: the early
   * cover leaves the studio line's room above itself only when the page draws that line.
   */
  it.each([
    ['under the studio line of a seller with a brand', true],
    ['at the top for a seller without one', false],
  ])(
    "draws the cover before the app, then hands it to the page's own at the same place, %s: no shift, one largest paint",
    async (_, branded) => {
      const context = await world.browser.newContext(PHONE);
      await context.addInitScript(() => {
        const seen = { shift: 0, imagePaints: 0, earlyCover: '' };
        Object.assign(window, { coverSeen: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            seen.shift += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if ((entry as LargestContentfulPaint).element?.tagName === 'IMG') seen.imagePaints += 1;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Where index.html's cover is once loaded (it is removed once the page's own has taken over).
        document.addEventListener(
          'load',
          (event) => {
            const img = event.target as Element;
            if (img.parentElement?.id === 'early-gallery-cover')
              seen.earlyCover = JSON.stringify(img.getBoundingClientRect());
          },
          true,
        );
      });
      const page = await context.newPage();
      if (!branded)
        await page.route(/\/api\/public\/galleries\/[A-Za-z0-9_-]+$/, async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: { ...(await response.json()), seller: {} } });
        });
      await page.goto(world.env.demo.publicGallery!.url);
      await page.getByRole('heading', { name: 'Harbour Fun Run 2026' }).waitFor();
      await expect.poll(() => page.locator('#early-gallery-cover').count()).toBe(0);
      // The grid's photos too, so that none is still being served when the file's stack stops.
      await page.waitForLoadState('networkidle');
      const box = (selector: string) =>
        page.locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      const pageCover = await box('.public-header .public-cover');
      expect(await page.locator('.public-header .seller-brand').count()).toBe(branded ? 1 : 0);
      if (branded) expect((await box('.public-header .seller-brand')).bottom).toBeLessThan(pageCover.top);
      const seen = await page.evaluate(
        () =>
          (window as unknown as { coverSeen: { shift: number; imagePaints: number; earlyCover: string } })
            .coverSeen,
      );
      expect(JSON.parse(seen.earlyCover)).toEqual(pageCover);
      expect(seen.shift).toBe(0);
      expect(seen.imagePaints).toBe(1);
      await context.close();
    },
  );
});
