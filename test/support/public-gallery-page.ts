/**
 * A customer's steps in a public gallery on a phone, shared by the end-to-end tests: Find my photos with
 * a selfie, picking every match, and paying on the Stripe emulator's page for the paid photos.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true } as const;

/** Searches with the selfie file and picks each of the `matches` photos found, the closest first. */
export async function pickMyPhotos(page: Page, selfie: string, matches: number): Promise<void> {
  await page.getByRole('button', { name: 'Find my photos' }).click();
  const finder = page.getByTestId('find-my-photos-panel');
  await finder.getByRole('checkbox', { name: 'I agree' }).check();
  await finder.getByLabel('Selfie').setInputFiles(selfie);
  await page.getByTestId('face-search-found').waitFor({ timeout: 30_000 });
  const select = (n: number | string) =>
    page.getByRole('button', { name: `Select photo ${n} of ${matches}` });
  await expect
    .poll(() => page.getByRole('button', { name: new RegExp(`^Select photo \\d+ of ${matches}$`) }).count())
    .toBe(matches);
  for (let n = 1; n <= matches; n++) await select(n).click();
}

/**
 * On the Stripe emulator's checkout page: pays as `email`, then opens the paid photos from the success
 * page and waits for `photos` of them. Resolves with the order's id.
 */
export async function payAndOpenPhotos(
  page: Page,
  stripeUrl: string,
  email: string,
  photos: number,
): Promise<string> {
  const stripeOrigin = new URL(stripeUrl).origin;
  await page.waitForURL((url) => url.origin === stripeOrigin, { timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/success\//, { timeout: 30_000 });
  const orderId = page.url().split('/').pop()!;
  await page.getByRole('link', { name: 'View My Photos' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor({ timeout: 30_000 });
  // As long as the other waits here: on a busy machine the payment's webhook may still be on its way.
  await expect
    .poll(() => page.getByRole('button', { name: new RegExp(`^Open photo \\d+ of ${photos}$`) }).count(), {
      timeout: 30_000,
    })
    .toBe(photos);
  return orderId;
}
