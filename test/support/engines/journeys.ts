/**
 * The customer journeys every engine runs (test/e2e/engines/*.test.ts), against the run's shared local
 * stack with demo orders of the file's own: a free order from its email step to its gallery; the
 * fulfilled order's gallery, its viewer and 'Download ZIP', whose file is read from the engine's download
 * folder and checked against the originals in the S3 stand-in; the public gallery, a selfie search, a pick
 * and the payment on the Stripe emulator's page, to the paid photos.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bucketsEnv } from '../../../functions/lib/env';
import { getOrder } from '../../../functions/lib/repositories/orders';
import { objectKeys } from '../../../functions/lib/storage-layout';
import { DEMO_SELFIE } from '../../../local/seed/demo-public-gallery';
import { localS3ClientConfig } from '../../../local/standins/s3';
import { orderGalleryTexts } from '../../../web/src/features/order-gallery/texts';
import { zipFileName } from '../../../web/src/features/order-gallery/zip';
import { publicGalleryTexts } from '../../../web/src/features/public-gallery/texts';
import { viewerLabels } from '../../../web/src/lib/texts/viewer';
import { startTestStack, type TestStack } from '../local-stack';
import { readZip, type ZipEntry } from '../zip-reader';
import { describeEngine, until, type Engine, type EngineBrowser, type EnginePage } from './engine';

interface JourneyWorld {
  env: TestStack;
  browser: EngineBrowser;
  s3: S3Client;
}

/** The demo public gallery's photos of the selfie's person (local/seed/demo-public-gallery.ts). */
const SELFIE_MATCHES = 3;

const currentSlideAlt = () => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') ?? null;

async function originalOf(s3: S3Client, galleryId: string, photoId: string): Promise<Buffer> {
  const object = await s3.send(
    new GetObjectCommand({ Bucket: bucketsEnv().ORIGINALS_BUCKET, Key: objectKeys.original(galleryId, photoId) }),
  );
  return Buffer.from(await object.Body!.transformToByteArray());
}

/**
 * The archive named `fileName` in the download folder once it is whole: a complete ZIP (its central
 * directory read), with no partial file of the engine's beside it.
 */
export async function savedZip(downloadDir: string, fileName: string, timeoutMs = 60_000): Promise<ZipEntry[]> {
  return until(
    `${fileName} in ${downloadDir}`,
    async () => {
      const files = await readdir(downloadDir);
      if (!files.includes(fileName) || files.some((file) => file.startsWith(`${fileName}.`))) return undefined;
      try {
        return readZip(await readFile(path.join(downloadDir, fileName)));
      } catch {
        return undefined; // still being written
      }
    },
    timeoutMs,
  );
}

async function openOrderGallery(page: EnginePage, url: string, photos: number) {
  await page.goto(url);
  await page.waitFor({ role: 'heading', name: orderGalleryTexts.galleryHeading }, 30_000);
  await page.waitFor({ role: 'button', name: `Open photo ${photos} of ${photos}` });
}

function freeOrderJourney(world: JourneyWorld) {
  it('a free order: the email step, then the order fulfilled and its gallery', async () => {
    const { id, url } = world.env.demo.orders.free;
    const email = `free.${Date.now()}@example.com`;
    const page = await world.browser.newPage(world.env.stack.urls.app);
    await page.goto(url);
    await page.waitFor({ role: 'heading', name: 'Enter Your Email' }, 30_000);
    await page.fill('Email address', email);
    await page.click({ role: 'button', name: 'Access Photos' });
    await page.waitFor({ role: 'heading', name: orderGalleryTexts.galleryHeading }, 30_000);
    const order = await getOrder(id);
    expect(order).toMatchObject({ status: 'FULFILLED', customerEmail: email });
    await expect.poll(() => page.count({ role: 'button', name: /^Open photo \d+ of \d+$/ })).toBe(
      order!.photoIds.length,
    );
    await page.close();
  });
}

function fulfilledGalleryJourney(world: JourneyWorld) {
  it("the fulfilled gallery: the viewer, then 'Download ZIP' saves every photo's original", async () => {
    const { id, url } = world.env.demo.orders.fulfilled;
    const order = (await getOrder(id))!;
    const total = order.photoIds.length;
    const page = await world.browser.newPage(world.env.stack.urls.app);
    await openOrderGallery(page, url, total);
    expect(await page.count({ role: 'button', name: /^Open photo \d+ of \d+$/ })).toBe(total);

    await page.click({ role: 'button', name: `Open photo 3 of ${total}` });
    await expect.poll(() => page.evaluate(currentSlideAlt)).toBe(`Photo 3 of ${total}`);
    await page.click({ role: 'button', name: viewerLabels.Next });
    await expect.poll(() => page.evaluate(currentSlideAlt)).toBe(`Photo 4 of ${total}`);
    await page.click({ role: 'button', name: viewerLabels.Close });
    await expect.poll(() => page.evaluate(currentSlideAlt)).toBeNull();

    await page.click({ role: 'button', name: orderGalleryTexts.downloadZip });
    const entries = await savedZip(world.browser.downloadDir, zipFileName(id));
    expect(entries.map((entry) => entry.name).sort()).toEqual(order.photoIds.map((p) => `${p}.jpg`).sort());
    for (const photoId of order.photoIds) {
      const entry = entries.find((e) => e.name === `${photoId}.jpg`)!;
      expect(entry.data.equals(await originalOf(world.s3, order.galleryId, photoId)), entry.name).toBe(true);
    }
    await page.close();
  });
}

function publicGalleryJourney(world: JourneyWorld) {
  it('the public gallery: a selfie search, a pick of the photos found, payment, and the paid photos', async () => {
    const gallery = world.env.demo.publicGallery!;
    const page = await world.browser.newPage(world.env.stack.urls.app);
    await page.goto(gallery.url);
    await page.waitFor({ role: 'heading', name: 'Harbour Fun Run 2026' }, 30_000);
    await page.click({ role: 'button', name: publicGalleryTexts.findMyPhotos });
    await page.click({ role: 'checkbox', name: publicGalleryTexts.agree });
    await page.setFile(publicGalleryTexts.selfie, DEMO_SELFIE);
    await page.waitForText(publicGalleryTexts.found(SELFIE_MATCHES), 60_000);
    for (let n = 1; n <= SELFIE_MATCHES; n++)
      await page.click({ role: 'button', name: `Select photo ${n} of ${SELFIE_MATCHES}` });
    await page.waitForText('£10.00');
    await page.click({ role: 'button', name: publicGalleryTexts.buy(SELFIE_MATCHES) });

    const stripeOrigin = new URL(world.env.stack.urls.stripe).origin;
    await until('the checkout page', async () =>
      new URL(await page.url()).origin === stripeOrigin ? true : undefined,
    30_000);
    await page.fill('Email', `swimmer.${Date.now()}@example.com`);
    await page.click({ role: 'button', name: 'Pay' });
    await page.waitFor({ role: 'link', name: 'View My Photos' }, 30_000);
    const orderId = (await page.url()).split('/').pop()!;
    expect(await getOrder(orderId)).toMatchObject({
      publicId: gallery.id,
      totalMinor: 1000,
      status: 'FULFILLED',
    });
    expect((await getOrder(orderId))!.photoIds).toHaveLength(SELFIE_MATCHES);
    await page.click({ role: 'link', name: 'View My Photos' });
    await page.waitFor({ role: 'heading', name: orderGalleryTexts.galleryHeading }, 30_000);
    await expect
      .poll(() => page.count({ role: 'button', name: new RegExp(`^Open photo \\d of ${SELFIE_MATCHES}$`) }))
      .toBe(SELFIE_MATCHES);
    await page.close();
  });
}

/** The journeys in `engine`: one browser for the file, closed after its tests. */
export function engineJourneys(engine: Engine): void {
  describeEngine(engine, () => {
    const world = {} as JourneyWorld;
    beforeAll(async () => {
      [world.env, world.browser] = await Promise.all([startTestStack(), engine.launch()]);
      world.s3 = new S3Client(localS3ClientConfig(world.env.stack.urls.s3));
    });
    afterAll(async () => {
      world.s3?.destroy();
      await world.browser?.close();
    });
    freeOrderJourney(world);
    fulfilledGalleryJourney(world);
    publicGalleryJourney(world);
  });
}
