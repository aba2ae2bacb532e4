/**
 * Resumable large files in headless Chromium, as the demo seller: a 35 MB TIFF queued in the
 * gallery goes up in parts; the network drops after a few parts and comes back, and the queue resumes
 * from the parts S3 holds (each part is counted: none that arrived is sent again) until the photo is
 * READY. A large file whose parts keep failing is reported failed; removing it from the queue aborts
 * its multipart upload, so S3 (the stand-in, read through the SDK) keeps no parts of it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/rules/constants';
import { bucketsEnv } from '../../functions/lib/env';
import { objectKeys } from '#shared/platform/storage-layout';
import { localS3ClientConfig } from '@shutterlane/aws-standins/s3/s3';
import { e2eWorld } from '../support/e2e';
import { createGalleryThroughPage, demoSellerPage } from '@shutterlane/harness/seller-page';
import { uncompressedTiff } from '@shutterlane/harness/images';

const world = e2eWorld();

let folder = '';
let s3: S3Client;

/**
 * An uncompressed 8-bit RGB TIFF `side` pixels square, which the resize reads: 3,400 makes about 33 MiB
 * (five parts), 2,600 about 19 MiB (three), both past the multipart threshold.
 */
async function largeTiff(name: string, side: number): Promise<{ file: string; size: number }> {
  const bytes = await uncompressedTiff(side, side, { r: 40, g: 90, b: 140 });
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return { file, size: bytes.length };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shutterlane-multipart-'));
  s3 = new S3Client(localS3ClientConfig(world.env.stack.urls.s3));
});
afterAll(async () => {
  s3?.destroy();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const sellerPage = () => demoSellerPage(world.browser, world.env.stack.urls.app);

/** Creates a gallery; resolves with its id. */
async function createGallery(page: Page, name: string): Promise<string> {
  const url = await createGalleryThroughPage(page, world.env.stack.urls.app, name);
  return new URL(url).pathname.split('/').pop()!;
}

const storageOrigin = () => new URL(world.env.stack.urls.s3).origin;

/** A part's PUT to its presigned URL: its part number, or undefined for any other request. */
function partNumberOf(request: Request): number | undefined {
  const url = new URL(request.url());
  if (url.origin !== storageOrigin() || request.method() !== 'PUT') return undefined;
  const partNumber = url.searchParams.get('partNumber');
  return partNumber ? Number(partNumber) : undefined;
}

/** The plan the API answered when the page started the multipart upload. */
function capturePlan(page: Page): Promise<{ photoId: string; uploadId: string; partCount: number }> {
  return page
    .waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/multipart-uploads'),
      { timeout: 60_000 },
    )
    .then((response) => response.json());
}

const queueRows = (page: Page, state: string) => page.locator(`.upload-list li[data-state="${state}"]`);

describe('resumable large files', () => {
  it('uploads a 35 MB file in parts and, after the network drops mid-way, resumes from the last part', async () => {
    const { file, size } = await largeTiff('harbour-panorama.tif', 3400);
    expect(size).toBeGreaterThan(MULTIPART_THRESHOLD_BYTES);
    const partCount = Math.ceil(size / MULTIPART_PART_BYTES);
    const { context, page } = await sellerPage();
    await createGallery(page, 'Harbour panorama');

    // Every part PUT that S3 answered 2xx, by part number.
    const completed: number[] = [];
    page.on('requestfinished', (request) => {
      const partNumber = partNumberOf(request);
      if (partNumber === undefined) return;
      void request.response().then((response) => {
        if (response?.ok()) completed.push(partNumber);
      });
    });
    // The first parts go through; the next one to start is held until the network drops, which cuts it.
    const passBeforeDrop = 3;
    // One part cut by the drop, and at least one never started before it.
    expect(partCount).toBeGreaterThan(passBeforeDrop + 1);
    let started = 0;
    let dropped = false;
    const held: Route[] = [];
    let drop: () => void = () => undefined;
    const dropping = new Promise<void>((resolve) => (drop = resolve));
    await page.route(
      (url) => url.origin === storageOrigin(),
      async (route) => {
        if (dropped || partNumberOf(route.request()) === undefined) return route.continue();
        if (started++ < passBeforeDrop) return route.continue();
        held.push(route);
        drop();
      },
    );

    const plan = capturePlan(page);
    await page.locator('input[type="file"]').setInputFiles(file);
    expect((await plan).partCount).toBe(partCount);
    await dropping;
    // The parts let through have all arrived, so the drop cuts only the held ones, which S3 never got
    // (a part cut while S3 took it would arrive unseen by the page, and be counted by no one).
    await expect.poll(() => completed.length, { timeout: 60_000 }).toBe(passBeforeDrop);
    dropped = true;
    await context.setOffline(true);
    await Promise.all(held.map((route) => route.abort('internetdisconnected').catch(() => undefined)));
    await expect.poll(() => queueRows(page, 'offline').count(), { timeout: 30_000 }).toBe(1);
    const beforeDrop = [...completed];
    expect(beforeDrop.length).toBeLessThan(partCount);

    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.photo-tile[data-status="READY"]').count(), { timeout: 120_000 })
      .toBe(1);
    // Each part arrived once: nothing S3 held was sent again after the drop.
    expect(completed).toHaveLength(partCount);
    expect([...completed].sort((a, b) => a - b)).toEqual(Array.from({ length: partCount }, (_, i) => i + 1));
    expect(completed.slice(beforeDrop.length).filter((n) => beforeDrop.includes(n))).toEqual([]);
    await context.close();
  });

  // Its file fails only after the queue's attempts and their growing waits (up to 90 s below), beyond the
  // default timeout when other suites share the machine.
  it(
    'aborts the multipart upload of a file removed from the queue, leaving no parts behind',
    { timeout: 150_000 },
    async () => {
      const { file } = await largeTiff('stitched-festival.tif', 2600);
      const { context, page } = await sellerPage();
      const galleryId = await createGallery(page, 'Festival stitch');

      // Two parts arrive; every later part is refused by storage, so the file fails and offers Remove.
      let through = 2;
      await page.route(
        (url) => url.origin === storageOrigin(),
        async (route) => {
          if (partNumberOf(route.request()) === undefined || through-- > 0) return route.continue();
          await route.fulfill({
            status: 500,
            headers: { 'Access-Control-Allow-Origin': new URL(world.env.stack.urls.app).origin },
            body: 'InternalError',
          });
        },
      );
      const plan = capturePlan(page);
      await page.locator('input[type="file"]').setInputFiles(file);
      const { photoId, uploadId } = await plan;
      const listParts = () =>
        s3
          .send(
            new ListPartsCommand({
              Bucket: bucketsEnv().ORIGINALS_BUCKET,
              Key: objectKeys.original(galleryId, photoId),
              UploadId: uploadId,
            }),
          )
          .then((listed) => (listed.Parts ?? []).map((part) => part.PartNumber))
          .catch((error: { name: string }) => error.name);

      await queueRows(page, 'failed').waitFor({ timeout: 90_000 });
      expect(await listParts()).toHaveLength(2);

      await page.getByRole('button', { name: 'Remove stitched-festival.tif from the queue' }).click();
      await expect.poll(() => page.locator('.upload-list li').count()).toBe(0);
      await expect.poll(listParts, { timeout: 30_000 }).toBe('NoSuchUpload');
      await context.close();
    },
  );
});
