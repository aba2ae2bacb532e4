/**
 * A customer opens the fulfilled demo order in headless Chromium: the grid, the viewer (click, arrow
 * keys, Escape), Download of one photo, and Download ZIP, both through the streamed save-file path
 * (showSaveFilePicker, stood in by a file of the origin-private file system) and through the Blob
 * fallback; a photo gone from S3 stops the ZIP with the spec's alert. On a phone, 'Save to Photos' hands
 * the photos to the share sheet in batches (a stand-in for `navigator.share`, which this headless Chromium
 * does not have, records each share's files); without file sharing it is not offered. Bytes are compared
 * with the originals in the S3 stand-in.
 */
import { readFile } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryErrors } from '#shared/texts/errors';
import { bucketsEnv } from '../../functions/lib/env';
import { localS3ClientConfig } from '@shutterlane/aws-standins/s3/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { e2eWorld } from '../support/e2e';
import { readZip } from '../support/zip-reader';
import { masonryColumns } from '../../web/src/features/order-gallery/gallery-photos';

const world = e2eWorld();
let s3: S3Client;

beforeAll(() => {
  s3 = new S3Client(localS3ClientConfig(world.env.stack.urls.s3));
});
afterAll(() => s3?.destroy());

const PHOTO_COUNT = 12;

interface GridPhoto {
  photoId: string;
  key: string;
}

/**
 * The grid's photos in the order's order (the masonry columns place them differently in the DOM):
 * each button's label gives its position, its thumbnail `/bucket/thumbnails/{seller}/{gallery}/{photo}.jpg`
 * the photo.
 */
async function gridPhotos(page: Page): Promise<GridPhoto[]> {
  const photos: GridPhoto[] = [];
  for (let n = 1; n <= PHOTO_COUNT; n++) {
    const button = page.getByRole('button', { name: `Open photo ${n} of ${PHOTO_COUNT}`, exact: true });
    const src = await button.locator('img').getAttribute('src');
    const [, , , galleryId, file] = new URL(src!).pathname.split('/');
    const photoId = file!.replace(/\.jpg$/, '');
    photos.push({ photoId, key: objectKeys.original(galleryId!, photoId) });
  }
  return photos;
}

async function original(key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucketsEnv().ORIGINALS_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function openGallery(context?: BrowserContext): Promise<{ page: Page; photos: GridPhoto[] }> {
  const page = await (context ?? world.browser).newPage();
  await page.goto(world.env.demo.orders.fulfilled.url);
  await page.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
  await page.getByRole('button', { name: `Open photo ${PHOTO_COUNT} of ${PHOTO_COUNT}` }).waitFor();
  return { page, photos: await gridPhotos(page) };
}

/** A browser without the File System Access API (Firefox, Safari), and optionally without service workers. */
async function contextWithout(features: { serviceWorker: boolean }): Promise<BrowserContext> {
  const context = await world.browser.newContext();
  await context.addInitScript((withoutServiceWorker: boolean) => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    if (withoutServiceWorker)
      Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => undefined });
  }, !features.serviceWorker);
  return context;
}

const currentSlide = (page: Page) => page.locator('.yarl__slide_current img');
/**
 * The photo a slide's URL shows, whichever copy it is at that moment: the thumbnail (`…/<id>`) or, once the
 * viewer has moved on to it, the photo itself (`…/<id>.jpg`).
 */
const photoIdOf = (url: string) => new URL(url).pathname.split('/').pop()!.split('.')[0];

describe('the order gallery in the browser', () => {
  it('shows the fulfilled demo order as a masonry grid of its photos, loaded', async () => {
    const { page, photos } = await openGallery();
    expect(photos).toHaveLength(PHOTO_COUNT);
    expect(await page.locator('[data-gallery-state]').getAttribute('data-gallery-state')).toBe('gallery');
    const grid = page.locator('.gallery-grid .react-photo-album--masonry');
    await grid.waitFor();
    // Columns and spacing follow the container's width (section 9's breakpoints).
    const width = await grid.evaluate((element) => element.getBoundingClientRect().width);
    expect(await page.locator('.react-photo-album--track').count()).toBe(masonryColumns(width));
    expect(await grid.evaluate((element) => getComputedStyle(element).marginBottom)).toBe('20px');
    const first = page.locator('.gallery-grid img').first();
    await page.waitForFunction(
      (image) => (image as HTMLImageElement).naturalWidth > 0,
      await first.elementHandle(),
    );
    expect(await page.getByRole('button', { name: 'Download ZIP' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('shows each photo as the smallest WebP that covers its column at the screen density', async () => {
    const shownFiles = async (deviceScaleFactor: number) => {
      const context = await world.browser.newContext({
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor,
      });
      try {
        const { page } = await openGallery(context);
        const images = page.locator('.gallery-grid img');
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.gallery-grid img')].every(
            (image) => image.complete && image.naturalWidth > 0,
          ),
        );
        return await images.evaluateAll((all) =>
          all.map((image) => new URL((image as HTMLImageElement).currentSrc).pathname.split('/').pop()!),
        );
      } finally {
        await context.close();
      }
    };
    // Five columns about 234 CSS px wide: the 240 px copy covers them at density 1, not at 2.
    const atOne = await shownFiles(1);
    const atTwo = await shownFiles(2);
    expect(atOne).toHaveLength(PHOTO_COUNT);
    expect(atOne.every((file) => file.endsWith('.grid.webp'))).toBe(true);
    expect(atTwo.every((file) => file.endsWith('.webp') && !file.endsWith('.grid.webp'))).toBe(true);
  });

  it('opens the viewer at the clicked photo; arrow keys move, Escape closes', async () => {
    const { page, photos } = await openGallery();
    const ids = photos.map((p) => p.photoId);
    await page.getByRole('button', { name: `Open photo 3 of ${PHOTO_COUNT}` }).click();
    await currentSlide(page).waitFor();
    expect(await currentSlide(page).getAttribute('alt')).toBe(`Photo 3 of ${PHOTO_COUNT}`);
    expect(photoIdOf((await currentSlide(page).getAttribute('src'))!)).toBe(ids[2]);
    // The grid was drawn from thumbnails with no human check; the tap ran it, and the viewer moves on to
    // the photo itself (its 2048 px WebP or the delivered copy, never the thumbnail).
    await page.waitForFunction(() => {
      const slide = document.querySelector('.yarl__slide_current img');
      const shown = slide && (slide as HTMLImageElement).currentSrc;
      return Boolean(shown) && !shown!.includes('/thumbnails/');
    });

    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (alt) => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === alt,
      `Photo 4 of ${PHOTO_COUNT}`,
    );
    expect(photoIdOf((await currentSlide(page).getAttribute('src'))!)).toBe(ids[3]);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (alt) => document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === alt,
      `Photo 3 of ${PHOTO_COUNT}`,
    );
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await page.locator('.yarl__container').waitFor({ state: 'detached' });
    await page.close();
  });

  it("Download saves photo-{id}.jpg with the original's bytes", async () => {
    const { page, photos } = await openGallery();
    await page.getByRole('button', { name: `Open photo 2 of ${PHOTO_COUNT}` }).click();
    await currentSlide(page).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`photo-${photos[1]!.photoId}.jpg`);
    expect(await readFile((await download.path())!)).toEqual(await original(photos[1]!.key));
    await page.close();
  });

  it('Download ZIP streams through the service worker without the File System Access API, with a progress bar', async () => {
    const context = await contextWithout({ serviceWorker: true });
    const { page, photos } = await openGallery(context);
    const last = photos[photos.length - 1]!;
    // Hold the last photo until the progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(`/${last.key}`),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const downloading = page.waitForEvent('download');
    // The photos are fetched in a dedicated worker (photo-fetchers.ts), whose garbage ends with it.
    const fetchWorkers: string[] = [];
    page.on('worker', (worker) => fetchWorkers.push(worker.url()));
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    await page.getByRole('progressbar', { name: 'ZIP progress' }).waitFor();
    expect(await page.getByRole('button', { name: 'Download ZIP' }).isDisabled()).toBe(true);
    release();
    const download = await downloading;
    expect(new URL(download.url()).pathname).toMatch(/^\/zip-download\//);
    expect(download.suggestedFilename()).toBe(
      `shutterlane-${world.env.demo.orders.fulfilled.id.slice(0, 8)}.zip`,
    );
    await expectZipOfOrder(await readFile((await download.path())!), photos);
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(fetchWorkers).toHaveLength(1);
    expect(fetchWorkers[0]).toMatch(/photo-fetch-worker/);
    await context.close();
  });

  it('Download ZIP falls back to a Blob without service workers either', async () => {
    const context = await contextWithout({ serviceWorker: false });
    const { page, photos } = await openGallery(context);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `shutterlane-${world.env.demo.orders.fulfilled.id.slice(0, 8)}.zip`,
    );
    expect(download.url()).toMatch(/^blob:/);
    await expectZipOfOrder(await readFile((await download.path())!), photos);
    await context.close();
  });

  it('Download ZIP streams to the file picked in the save dialog', async () => {
    const context = await world.browser.newContext();
    // The save dialog cannot be answered in headless Chromium: a file of the origin-private file
    // system stands in for the file the customer picks, with the same writable-stream API.
    await context.addInitScript(() => {
      const win = window as unknown as Record<string, unknown>;
      win.showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => {
        win.__pickedName = suggestedName;
        const root = await navigator.storage.getDirectory();
        return root.getFileHandle('picked.zip', { create: true });
      };
    });
    const { page, photos } = await openGallery(context);
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 30_000 });
    const picked = await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const file = await (await root.getFileHandle('picked.zip')).getFile();
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { name: (window as unknown as Record<string, string>).__pickedName, base64: btoa(binary) };
    });
    expect(picked.name).toBe(`shutterlane-${world.env.demo.orders.fulfilled.id.slice(0, 8)}.zip`);
    await expectZipOfOrder(Buffer.from(picked.base64, 'base64'), photos);
    await context.close();
  });

  it.each([
    ['through the service worker', true],
    ['as a Blob', false],
  ])(
    'stops the ZIP %s with the exact alert when a photo has become unavailable',
    async (_, serviceWorker) => {
      const context = await contextWithout({ serviceWorker });
      const { page, photos } = await openGallery(context);
      const gone = photos[4]!;
      const bytes = await original(gone.key);
      await s3.send(new DeleteObjectCommand({ Bucket: bucketsEnv().ORIGINALS_BUCKET, Key: gone.key }));
      try {
        let downloads = 0;
        page.on('download', () => downloads++);
        const dialog = page.waitForEvent('dialog');
        await page.getByRole('button', { name: 'Download ZIP' }).click();
        const alert = await dialog;
        expect(alert.type()).toBe('alert');
        expect(alert.message()).toBe(galleryErrors.zipPhotoFailed(gone.photoId));
        expect(alert.message()).toBe(
          `Failed to download all images. Error occurred on photo ID: ${gone.photoId}`,
        );
        await alert.accept();
        await page.getByRole('progressbar').waitFor({ state: 'detached' });
        // A Blob is never saved; the worker's stream is cut, so the browser marks its download failed.
        if (!serviceWorker) expect(downloads).toBe(0);
      } finally {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucketsEnv().ORIGINALS_BUCKET,
            Key: gone.key,
            Body: bytes,
            ContentType: 'image/jpeg',
          }),
        );
        await context.close();
      }
    },
  );
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * A phone whose browser shares files: `navigator.share` records each share's files (name and bytes, as
 * base64) for the test, as the system's share sheet would receive them; `canShare` accepts image files.
 */
async function phoneThatShares(): Promise<BrowserContext> {
  const context = await world.browser.newContext({
    ...PHONE,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await context.addInitScript(() => {
    const shares: { name: string; type: string; base64: string }[][] = [];
    const toBase64 = async (file: File) => {
      let binary = '';
      for (const byte of new Uint8Array(await file.arrayBuffer())) binary += String.fromCharCode(byte);
      return btoa(binary);
    };
    Object.assign(window, { sharedFiles: shares });
    Object.defineProperty(Navigator.prototype, 'canShare', {
      value: (data: ShareData) => (data.files ?? []).every((file) => file.type.startsWith('image/')),
    });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: ShareData) => {
        if (!navigator.userActivation.isActive)
          throw new DOMException('No user activation', 'NotAllowedError');
        const files = data.files ?? [];
        shares.push(
          await Promise.all(
            files.map(async (file) => ({ name: file.name, type: file.type, base64: await toBase64(file) })),
          ),
        );
      },
    });
  });
  return context;
}

describe('Save to Photos on a phone', () => {
  it('hands every photo of the order to the share sheet in batches of at most 10, each by its own tap', async () => {
    const context = await phoneThatShares();
    const { page, photos } = await openGallery(context);
    await page.getByRole('button', { name: 'Save to Photos' }).click();
    await page.getByRole('button', { name: `Save photos 1–10 of ${PHOTO_COUNT}` }).click();
    await page.getByRole('button', { name: `Save photos 11–12 of ${PHOTO_COUNT}` }).click();
    await page.getByText(`All ${PHOTO_COUNT} photos were shared.`).waitFor();
    const shares = await page.evaluate(
      () =>
        (window as unknown as { sharedFiles: { name: string; type: string; base64: string }[][] })
          .sharedFiles,
    );
    expect(shares.map((files) => files.length)).toEqual([10, 2]);
    const shared = shares.flat();
    expect(shared.map((file) => file.name).sort()).toEqual(
      photos.map((p) => `photo-${p.photoId}.jpg`).sort(),
    );
    for (const photo of photos) {
      const file = shared.find((entry) => entry.name === `photo-${photo.photoId}.jpg`)!;
      expect(file.type).toBe('image/jpeg');
      expect(Buffer.from(file.base64, 'base64').equals(await original(photo.key)), file.name).toBe(true);
    }
    await context.close();
  });

  it('is not offered where files cannot be shared (this browser as it is), nor on a computer', async () => {
    const phone = await world.browser.newContext(PHONE);
    const { page } = await openGallery(phone);
    await page.getByRole('button', { name: 'Download ZIP' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save to Photos' }).count()).toBe(0);
    await phone.close();
    const computer = await world.browser.newContext();
    await computer.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true });
      Object.defineProperty(Navigator.prototype, 'share', { value: async () => undefined });
    });
    const desktop = await openGallery(computer);
    await desktop.page.getByRole('button', { name: 'Download ZIP' }).waitFor();
    expect(await desktop.page.getByRole('button', { name: 'Save to Photos' }).count()).toBe(0);
    await computer.close();
  });
});

async function expectZipOfOrder(zip: Buffer, photos: GridPhoto[]): Promise<void> {
  const entries = readZip(zip);
  expect(entries.map((e) => e.name).sort()).toEqual(photos.map((p) => `${p.photoId}.jpg`).sort());
  for (const photo of photos) {
    const entry = entries.find((e) => e.name === `${photo.photoId}.jpg`)!;
    expect(entry.data.equals(await original(photo.key)), entry.name).toBe(true);
  }
}
