/**
 * The seller's upload queue as the end-to-end tests see it in a page (upload-queue.test.ts,
 * upload-queue-tabs.test.ts): the photos they queue, the files the page keeps on the device, and the
 * queue's rows and the gallery's tiles.
 */
import type { Page } from 'playwright-core';
import { noisyJpeg } from '@shutterlane/harness/images';

/** Noisy JPEGs, distinct per name, small enough to upload quickly (one signed PUT each). */
export async function jpegs(prefix: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await noisyJpeg(800, 600, 60 + i * 25),
    })),
  );
}

/**
 * How many files the page keeps in its upload queue on the device (web/src/lib/device-store.ts). Run in
 * the page: `page.evaluate(storedUploads)`.
 */
export function storedUploads(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('shutterlane-seller');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('uploads').objectStore('uploads').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    };
  });
}

export const readyTiles = (page: Page) => page.locator('.photo-tile[data-status="READY"]');
export const queueRows = (page: Page, state: string) =>
  page.locator(`.upload-list li[data-state="${state}"]`);
