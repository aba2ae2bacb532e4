/**
 * A public gallery at event size on a phone (375 px), end to end: 2,000 photos written straight into the
 * stack (local/harness/event-gallery.ts) before four face photos uploaded through the app (their faces
 * described by the stack as for any upload), so those four lie on the last page. The customer opens the
 * link, scrolls to the last photo while the page holds only what is near the viewport, finds themselves
 * with a selfie (their two photos, far past the pages loaded by then), picks the two, pays on the Stripe
 * emulator's page and gets exactly those two. The unpaid order's page never shows an unwatermarked image:
 * neither what it loads nor any image its order answer links.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketsEnv } from '../../functions/lib/env';
import { getOrder } from '../../functions/domains/orders/order-store';
import { readObject } from '../../functions/lib/s3';
import { derivedKeys, objectKeys } from '#shared/platform/storage-layout';
import { FACES, waitForFaces } from '../integration/public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  uploadFiles,
  waitForPhotos,
} from '@shutterlane/harness/seller-tools-helpers';
import { e2eWorld } from '../support/e2e';
import { addGeneratedPhotos } from '@shutterlane/harness/event-gallery';
import { PHONE, payAndOpenPhotos, pickMyPhotos } from '../support/public-gallery-page';

const world = e2eWorld();
const GENERATED = 2000;
/** The selfie's person twice (lisa1 is the selfie), then two strangers. */
const UPLOADS = ['lisa2.jpg', 'lisa3.jpg', 'london-001-smiling.jpg', 'london-004-smiling.jpg'];
const TOTAL = GENERATED + UPLOADS.length;
/** The bound on the page's DOM at any point of the scroll. */
const MAX_DOM_NODES = 3000;

let galleryId: string;
let link: string;
/** The selfie's two photos, as uploaded. */
let herPhotos: string[];

beforeAll(async () => {
  const env = world.env;
  const seller = await demoSeller(env);
  galleryId = await createGallery(env, seller, 'City marathon');
  const files = await Promise.all(
    UPLOADS.map(async (name) => ({ name, body: await readFile(path.join(FACES, name)) })),
  );
  const uploaded = await uploadFiles(env, seller, galleryId, files);
  herPhotos = uploaded.slice(0, 2);
  await waitForPhotos(env, seller, galleryId, uploaded, 60_000);
  const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, {
    published: true,
    settings: {
      title: 'City marathon 2026',
      pricing: { currency: 'GBP', perPhotoMinor: 300, bundles: [{ photos: 2, priceMinor: 500 }] },
      watermark: { kind: 'text', text: '© Demo Photographer', position: 'tiled', opacity: 0.6 },
    },
    faceSearch: { enabled: true, basis: "The race's terms tell runners about face search" },
  });
  expect(published.status).toBe(200);
  link = published.body.url as string;
  await waitForFaces(env, seller, galleryId, UPLOADS.length);
  await addGeneratedPhotos(seller.userId, galleryId, GENERATED);
}, 180_000);

/** Counts the page's elements on every frame and keeps the most seen (window.domMost). */
function countDomEveryFrame() {
  const seen = window as unknown as { domMost: number };
  seen.domMost = 0;
  const sample = () => {
    seen.domMost = Math.max(seen.domMost, document.getElementsByTagName('*').length);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

const domMost = (page: Page) => page.evaluate(() => (window as unknown as { domMost: number }).domMost);

/** Scrolls a screen at a time for the first screens, then to the bottom until the last photo is drawn. */
async function scrollToLastPhoto(page: Page): Promise<void> {
  for (let screen = 0; screen < 5; screen++) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
  }
  const last = page.getByRole('button', { name: `Open photo ${TOTAL} of ${TOTAL}` });
  for (let step = 0; (await last.count()) === 0; step++) {
    expect(step, 'pages loaded while scrolling').toBeLessThan(60);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      ([before, name]) =>
        document.documentElement.scrollHeight > before ||
        document.querySelector(`button[aria-label="${name}"]`) !== null,
      [height, `Open photo ${TOTAL} of ${TOTAL}`] as const,
      { timeout: 20_000 },
    );
  }
  await last.scrollIntoViewIfNeeded();
}

/** Every copy of the photos that is not watermarked: the originals and each derived size. */
async function cleanCopies(photoIds: string[]): Promise<Buffer[]> {
  const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
  const reads = photoIds.flatMap((photoId) => [
    readObject(ORIGINALS_BUCKET, objectKeys.original(galleryId, photoId)),
    ...derivedKeys(galleryId, photoId).map((key) => readObject(DERIVED_BUCKET, key)),
  ]);
  return (await Promise.all(reads)).filter((copy): copy is Buffer => copy !== undefined);
}

/** Every string in an answer that could be an image's address (absolute, or a path on the site). */
function linksIn(value: unknown): string[] {
  if (typeof value === 'string') return /^(https?:\/\/|\/)/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(linksIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(linksIn);
  return [];
}

/**
 * What the unpaid order's page loaded and was given: the addresses of the images it loaded (fetched again
 * afterwards: the page goes on to the checkout at once, before a body could be read), and its order
 * answers (read on their way to the page).
 */
async function watchOrderPage(page: Page, appOrigin: string) {
  const images: string[] = [];
  const answers: unknown[] = [];
  page.on('response', (response: Response) => {
    const pageUrl = new URL(response.frame().url());
    const onOrderPage = pageUrl.origin === appOrigin && pageUrl.pathname.startsWith('/orders/');
    if (onOrderPage && response.request().resourceType() === 'image') images.push(response.url());
  });
  // The order page's one call (`…/open`), and the order check should the steps ask again.
  await page.route(/\/api\/public\/orders\/[\w-]+(\/open)?$/, async (route) => {
    const response = await route.fetch();
    const json: unknown = await response.json();
    answers.push(json);
    await route.fulfill({ response, json });
  });
  return { images, answers };
}

describe('a public gallery of 2,000 photos on a phone', () => {
  it('opens, scrolls to its last photo with a small page, finds the customer by selfie, and sells exactly the two picked', async () => {
    const context = await world.browser.newContext(PHONE);
    await context.addInitScript(countDomEveryFrame);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'City marathon 2026' }).waitFor();
    await expect.poll(() => page.locator('.public-header').textContent()).toContain(`${TOTAL} photos`);
    // The first photo's watermarked preview, drawn through the edge's /previews/ path.
    const firstImage = page.locator('.public-grid img').first();
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await firstImage.getAttribute('src')).toMatch(/^\/previews\//);

    await scrollToLastPhoto(page);
    expect(await page.getByRole('button', { name: `Select photo ${TOTAL} of ${TOTAL}` }).isVisible()).toBe(
      true,
    );
    expect(await page.locator('.public-grid img').count()).toBeLessThan(200);
    expect(await domMost(page)).toBeLessThan(MAX_DOM_NODES);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await pickMyPhotos(page, path.join(FACES, 'lisa1.jpg'), 2);
    await expect.poll(() => page.getByTestId('selection-total').textContent()).toBe('£5.00');

    const appOrigin = new URL(world.env.stack.urls.app).origin;
    const orderPage = await watchOrderPage(page, appOrigin);
    await page.getByTestId('checkout').click();
    const stripeOrigin = new URL(world.env.stack.urls.stripe).origin;
    await page.waitForURL((url) => url.origin === stripeOrigin, { timeout: 30_000 });

    // Before paying: nothing the order's page loaded or was linked to is a clean copy of the two photos.
    const clean = await cleanCopies(herPhotos);
    expect(clean.length).toBeGreaterThanOrEqual(herPhotos.length * 2);
    expect(orderPage.answers.length).toBeGreaterThan(0);
    const shown = [...orderPage.images, ...orderPage.answers.flatMap(linksIn)];
    // The order's summary shows the two photos, as its gallery's watermarked previews.
    expect(shown.length).toBeGreaterThanOrEqual(herPhotos.length);
    const fetched = await Promise.all(
      shown.map(async (url) => Buffer.from(await (await fetch(new URL(url, appOrigin))).arrayBuffer())),
    );
    const unwatermarked = shown.filter((_, i) => clean.some((copy) => copy.equals(fetched[i]!)));
    expect(unwatermarked, 'unwatermarked images on the unpaid order').toEqual([]);

    const orderId = await payAndOpenPhotos(page, world.env.stack.urls.stripe, 'runner@example.com', 2);
    const order = await getOrder(orderId);
    expect(order).toMatchObject({ galleryId, totalMinor: 500, orderType: 'PAID_ORDER' });
    expect([...order!.photoIds].sort()).toEqual([...herPhotos].sort());
    await context.close();
  }, 300_000);
});
