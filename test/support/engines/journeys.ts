/**
 * The customer journeys every engine runs (test/e2e/engines/*.test.ts), against the run's shared local
 * stack with demo orders of the file's own: a free order from its email step to its gallery; the
 * fulfilled order's gallery, its viewer and 'Download ZIP' (streamed through the download worker, as a
 * Blob without service workers, and stopped by a missing photo), each saved file read from the engine's
 * download folder and checked against the originals in the S3 stand-in; the public gallery, a selfie
 * search, a pick and the payment on the Stripe emulator's page, to the paid photos.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { galleryErrors } from '#shared/texts/errors';
import { bucketsEnv } from '../../../functions/lib/env';
import { getOrder } from '../../../functions/domains/orders/order-store';
import { objectKeys } from '#shared/platform/storage-layout';
import { DEMO_SELFIE } from '@shutterlane/local-stack/seed/demo-public-gallery';
import { localS3ClientConfig } from '@shutterlane/aws-standins/s3/s3';
import { orderGalleryTexts } from '../../../web/src/features/order-gallery/texts';
import { photoFileName } from '../../../web/src/features/order-gallery/save/downloads';
import { zipFileName } from '../../../web/src/features/order-gallery/zip/zip';
import { publicGalleryTexts } from '../../../web/src/features/public-gallery/texts';
import { viewerLabels } from '../../../web/src/lib/texts/viewer';
import { startTestStack, type TestStack } from '@shutterlane/harness/local-stack';
import { readZip, type ZipEntry } from '../zip-reader';
import {
  describeEngine,
  until,
  type Engine,
  type EngineBrowser,
  type EngineFeatures,
  type EnginePage,
  type Target,
} from './engine';

interface JourneyWorld {
  env: TestStack;
  browser: EngineBrowser;
  s3: S3Client;
}

/** The demo public gallery's photos of the selfie's person (local/stack/seed/demo-public-gallery.ts). */
const SELFIE_MATCH_FILES = ['lisa2.jpg', 'lisa3.jpg', 'lisa4.jpg'].map((name) =>
  path.join(path.dirname(DEMO_SELFIE), name),
);
const SELFIE_MATCHES = SELFIE_MATCH_FILES.length;
/** How long a download may take to appear whole in the download folder. */
const SAVE_TIMEOUT_MS = 30_000;
/** A journey with downloads or a face search: more than the project's 60 s on a busy machine. */
const JOURNEY_TIMEOUT_MS = 120_000;

const currentSlideAlt = () => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') ?? null;
const animationsDone = () => document.getAnimations().every((animation) => animation.playState !== 'running');
const currentSlideSrc = () => document.querySelector('.yarl__slide_current img')?.getAttribute('src') ?? null;

async function originalOf(s3: S3Client, galleryId: string, photoId: string): Promise<Buffer> {
  const object = await s3.send(
    new GetObjectCommand({
      Bucket: bucketsEnv().ORIGINALS_BUCKET,
      Key: objectKeys.original(galleryId, photoId),
    }),
  );
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** A download still being written beside its file (Firefox's `{name}.part`). */
const isPartial = (file: string, fileName: string) => file !== fileName && file.startsWith(`${fileName}.`);

/**
 * The bytes of `fileName` in the download folder once `whole` accepts them (an engine may show the file
 * before it is written out), with no partial file of the engine's beside it.
 */
async function savedFile(
  downloadDir: string,
  fileName: string,
  whole: (bytes: Buffer) => boolean,
): Promise<Buffer> {
  return until(
    `${fileName} in ${downloadDir}`,
    async () => {
      const files = await readdir(downloadDir);
      if (!files.includes(fileName) || files.some((file) => isPartial(file, fileName))) return undefined;
      const bytes = await readFile(path.join(downloadDir, fileName));
      return whole(bytes) ? bytes : undefined;
    },
    SAVE_TIMEOUT_MS,
  );
}

/** Whether `bytes` are a whole ZIP (its central directory readable), not one still being written. */
function isWholeZip(bytes: Buffer): boolean {
  try {
    readZip(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The ZIP named `fileName` once saved whole, read. */
async function savedZip(
  downloadDir: string,
  fileName: string,
): Promise<{ entries: ZipEntry[]; size: number }> {
  const zip = await savedFile(downloadDir, fileName, isWholeZip);
  return { entries: readZip(zip), size: zip.length };
}

/** A screen's wait: 30 s on a busy machine, and a timeout says what the page showed instead. */
async function waitForScreen(page: EnginePage, target: Target): Promise<void> {
  try {
    await page.waitFor(target, 30_000);
  } catch (error) {
    const shown = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim().slice(0, 600))
      .catch((unreadable: unknown) => `(unreadable: ${String(unreadable)})`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the page showed: ${shown}`, {
      cause: error,
    });
  }
}

/** What the text field labelled `label` holds, as the customer sees it. */
const fieldValue = (page: EnginePage, label: string) =>
  page.evaluate(
    (label: string) =>
      [...document.querySelectorAll('input')].find(
        (input) => input.labels?.[0]?.textContent?.trim() === label,
      )?.value,
    label,
  );

async function openOrderGallery(page: EnginePage, url: string, photos: number) {
  await page.goto(url);
  await waitForScreen(page, { role: 'heading', name: orderGalleryTexts.galleryHeading });
  await page.waitFor({ role: 'button', name: `Open photo ${photos} of ${photos}` });
}

function freeOrderJourney(world: JourneyWorld) {
  it('a free order: the email step, then the order fulfilled and its gallery', async () => {
    const { id, url } = world.env.demo.orders.free;
    const email = `free.${Date.now()}@example.com`;
    const page = await world.browser.newPage(world.env.stack.urls.app);
    await page.goto(url);
    await waitForScreen(page, { role: 'heading', name: 'Enter Your Email' });
    await page.fill('Email address', email);
    await expect.poll(() => fieldValue(page, 'Email address')).toBe(email);
    await page.click({ role: 'button', name: 'Access Photos' });
    await waitForScreen(page, { role: 'heading', name: orderGalleryTexts.galleryHeading });
    await expect.poll(async () => (await getOrder(id))?.status).toBe('FULFILLED');
    const order = (await getOrder(id))!;
    expect(order.customerEmail).toBe(email);
    await expect
      .poll(() => page.count({ role: 'button', name: /^Open photo \d+ of \d+$/ }))
      .toBe(order.photoIds.length);
    await page.close();
  });
}

/** In the page: what the gallery's downloads look for (EngineFeatures). */
const pageFeatures = (): EngineFeatures => ({
  fileSystemAccess: typeof (window as { showSaveFilePicker?: unknown }).showSaveFilePicker === 'function',
  serviceWorker: Boolean(navigator.serviceWorker),
  webShare: typeof navigator.share === 'function',
});

/** In the page: records the size of every Blob given an object URL from now on (the Blob fallback's). */
function watchBlobUrls() {
  const sizes: number[] = [];
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    if (object instanceof Blob) sizes.push(object.size);
    return create(object);
  };
  Object.assign(window, { blobUrlSizes: sizes });
}

const blobUrlSizes = () => (window as unknown as { blobUrlSizes: number[] }).blobUrlSizes;

/** In the page: the script of the download worker registered for `/zip-download/`, if any. */
const zipWorkerScript = async () =>
  (await navigator.serviceWorker?.getRegistration('/zip-download/'))?.active?.scriptURL ?? null;

/** In the page: as a browser without service workers (private windows of some) shows itself. */
function hideServiceWorkers() {
  Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined, configurable: true });
}

/**
 * Clicks 'Download ZIP' and checks the archive the engine saved: one entry per photo of the order,
 * `{photoId}.jpg`, each the original's bytes. Resolves with its size; the file is removed, so the next
 * ZIP of the order gets the same name.
 */
async function downloadZipOfOrder(world: JourneyWorld, page: EnginePage, orderId: string): Promise<number> {
  const order = (await getOrder(orderId))!;
  await page.click({ role: 'button', name: orderGalleryTexts.downloadZip });
  const file = path.join(world.browser.downloadDir, zipFileName(orderId));
  const { entries, size } = await savedZip(world.browser.downloadDir, zipFileName(orderId));
  expect(entries.map((entry) => entry.name).sort()).toEqual(order.photoIds.map((p) => `${p}.jpg`).sort());
  for (const photoId of order.photoIds) {
    const entry = entries.find((e) => e.name === `${photoId}.jpg`)!;
    expect(entry.data.equals(await originalOf(world.s3, order.galleryId, photoId)), entry.name).toBe(true);
  }
  await rm(file);
  return size;
}

function fulfilledGalleryJourney(world: JourneyWorld, engine: Engine) {
  it(
    "the fulfilled gallery: the viewer, then 'Download ZIP' streamed through the download worker to a file",
    async () => {
      const { id, url } = world.env.demo.orders.fulfilled;
      const order = (await getOrder(id))!;
      const total = order.photoIds.length;
      const page = await world.browser.newPage(world.env.stack.urls.app);
      await openOrderGallery(page, url, total);
      expect(await page.evaluate(pageFeatures)).toEqual(engine.features);
      expect(await page.count({ role: 'button', name: /^Open photo \d+ of \d+$/ })).toBe(total);
      // A computer: no 'Save to Photos', whatever the engine shares.
      expect(await page.count({ role: 'button', name: orderGalleryTexts.saveToPhotos })).toBe(0);

      // The viewer: its buttons and the keyboard move; Download saves the shown photo's original.
      await page.click({ role: 'button', name: `Open photo 3 of ${total}` });
      await expect.poll(() => page.evaluate(currentSlideAlt)).toBe(`Photo 3 of ${total}`);
      await page.click({ role: 'button', name: viewerLabels.Next });
      await expect.poll(() => page.evaluate(currentSlideAlt)).toBe(`Photo 4 of ${total}`);
      // The viewer takes a key once its slide has moved (its animation run), as a customer's key after it.
      await expect.poll(() => page.evaluate(animationsDone)).toBe(true);
      await page.press('ArrowLeft');
      await expect.poll(() => page.evaluate(currentSlideAlt)).toBe(`Photo 3 of ${total}`);
      const shown = new URL((await page.evaluate(currentSlideSrc))!).pathname.split('/').pop()!;
      expect(order.photoIds).toContain(shown);
      await page.click({ role: 'button', name: 'Download' });
      const original = await originalOf(world.s3, order.galleryId, shown);
      const photo = await savedFile(
        world.browser.downloadDir,
        photoFileName(shown),
        (bytes) => bytes.length === original.length,
      );
      expect(photo.equals(original)).toBe(true);
      await page.press('Escape');
      await expect.poll(() => page.evaluate(currentSlideAlt)).toBeNull();

      await page.evaluate(watchBlobUrls);
      await downloadZipOfOrder(world, page, id);
      // Streamed: the download worker ran, and the archive never sat whole in the tab as a Blob.
      expect(await page.evaluate(zipWorkerScript)).toBe(`${world.env.stack.urls.app}/zip-download-sw.js`);
      expect(await page.evaluate(blobUrlSizes)).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "'Download ZIP' without service workers saves the archive from a Blob",
    async () => {
      const { id, url } = world.env.demo.orders.fulfilled;
      const page = await world.browser.newPage(world.env.stack.urls.app);
      await openOrderGallery(page, url, (await getOrder(id))!.photoIds.length);
      await page.evaluate(hideServiceWorkers);
      await page.evaluate(watchBlobUrls);
      const size = await downloadZipOfOrder(world, page, id);
      expect(await page.evaluate(blobUrlSizes)).toEqual([size]);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
}

/** Whether a whole ZIP named `fileName` is in the download folder now. */
async function wholeZipSaved(downloadDir: string, fileName: string): Promise<boolean> {
  const bytes = await readFile(path.join(downloadDir, fileName)).catch(() => undefined);
  return bytes !== undefined && isWholeZip(bytes);
}

function failedZipJourney(world: JourneyWorld) {
  it(
    "'Download ZIP' stops with the spec's alert when a photo has become unavailable, and saves no archive",
    async () => {
      const { id, url } = world.env.demo.orders.fulfilled;
      const order = (await getOrder(id))!;
      const gone = order.photoIds[4]!;
      const Key = objectKeys.original(order.galleryId, gone);
      const Bucket = bucketsEnv().ORIGINALS_BUCKET;
      const bytes = await originalOf(world.s3, order.galleryId, gone);
      await world.s3.send(new DeleteObjectCommand({ Bucket, Key }));
      const page = await world.browser.newPage(world.env.stack.urls.app);
      try {
        await openOrderGallery(page, url, order.photoIds.length);
        const alert = await page.acceptAlert(() =>
          page.click({ role: 'button', name: orderGalleryTexts.downloadZip }),
        );
        expect(alert).toBe(galleryErrors.zipPhotoFailed(gone));
        expect(alert).toBe(`Failed to download all images. Error occurred on photo ID: ${gone}`);
        await expect
          .poll(() => page.count({ role: 'progressbar', name: orderGalleryTexts.zipProgressLabel }))
          .toBe(0);
        expect(await wholeZipSaved(world.browser.downloadDir, zipFileName(id))).toBe(false);
      } finally {
        await world.s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: 'image/jpeg' }));
        await page.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
}

function publicGalleryJourney(world: JourneyWorld) {
  it(
    'the public gallery: a selfie search, a pick of the photos found, payment, and the paid photos',
    async () => {
      const gallery = world.env.demo.publicGallery!;
      const page = await world.browser.newPage(world.env.stack.urls.app);
      await page.goto(gallery.url);
      await waitForScreen(page, { role: 'heading', name: 'Harbour Fun Run 2026' });
      await page.click({ role: 'button', name: publicGalleryTexts.findMyPhotos });
      await page.click({ role: 'checkbox', name: publicGalleryTexts.agree });
      await page.setFile(publicGalleryTexts.selfie, DEMO_SELFIE);
      await page.waitForText(publicGalleryTexts.found(SELFIE_MATCHES), 60_000);
      for (let n = 1; n <= SELFIE_MATCHES; n++)
        await page.click({ role: 'button', name: `Select photo ${n} of ${SELFIE_MATCHES}` });
      await page.waitForText('£10.00');
      await page.click({ role: 'button', name: publicGalleryTexts.buy(SELFIE_MATCHES) });

      const stripeOrigin = new URL(world.env.stack.urls.stripe).origin;
      await until(
        'the checkout page',
        async () => (new URL(await page.url()).origin === stripeOrigin ? true : undefined),
        30_000,
      );
      await page.fill('Email', `swimmer.${Date.now()}@example.com`);
      await page.click({ role: 'button', name: 'Pay' });
      await waitForScreen(page, { role: 'heading', name: 'Thank You!' });
      // The engine may report the address a moment after the page it drew (seen in Firefox).
      const orderId = await until(
        'the success page address',
        async () => /\/checkout\/success\/([^/?#]+)/.exec(await page.url())?.[1],
      );
      // The success page comes with Stripe's redirect; the order is fulfilled by the webhook, soon after.
      await expect.poll(async () => (await getOrder(orderId))?.status).toBe('FULFILLED');
      const order = (await getOrder(orderId))!;
      expect(order).toMatchObject({ publicId: gallery.id, totalMinor: 1000 });
      // Exactly the selfie's person's photos: their originals are the seed's files of her.
      const hers = await Promise.all(SELFIE_MATCH_FILES.map((file) => readFile(file)));
      const bought = await Promise.all(order.photoIds.map((p) => originalOf(world.s3, order.galleryId, p)));
      expect(bought.map((bytes) => hers.findIndex((file) => file.equals(bytes))).sort()).toEqual([0, 1, 2]);
      await page.click({ role: 'link', name: 'View My Photos' });
      await waitForScreen(page, { role: 'heading', name: orderGalleryTexts.galleryHeading });
      await expect
        .poll(() => page.count({ role: 'button', name: new RegExp(`^Open photo \\d of ${SELFIE_MATCHES}$`) }))
        .toBe(SELFIE_MATCHES);
      await page.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
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
    fulfilledGalleryJourney(world, engine);
    failedZipJourney(world);
    publicGalleryJourney(world);
  });
}
