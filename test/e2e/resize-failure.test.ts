/**
 * A seller in headless Chromium uploads a photo while resizing is down: the gallery shows it failed with
 * the reason in plain words and a Retry button; once resizing is back, Retry brings the thumbnail
 * without a reload.
 *
 * A stack of its own (with the production build of the SPA, as the e2e run serves it), because the
 * failure is an outage this file causes and ends: the resize role is denied writing objects (an
 * explicit Deny added to its policy, as a mistaken deploy would), so Lambda's retries fail, the record
 * goes to the on-failure queue and its consumer marks the photo FAILED; then the Deny is removed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import type { PolicyStatement } from '@shutterlane/aws-standins/iam/types';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { createVerifiedSeller, idToken } from '@shutterlane/harness/accounts';
import { CspViolationLog, describeViolation, launchBrowser } from '@shutterlane/harness/browser';
import { E2E_WEB_ENV } from '@shutterlane/harness/global-stack';
import { signInThroughPage } from '@shutterlane/harness/seller-page';

const NAME = 'Outage Seller';
const PASSWORD = 'Outage-password-1';
const OUTAGE: PolicyStatement = { Sid: 'Outage', Effect: 'Deny', Action: 's3:PutObject', Resource: '*' };

let stack: LocalStack;
let browser: Browser;
let violations: CspViolationLog;
let dataDir: string;
let seller: { email: string; token: string };

const app = (p: string) => `${stack.urls.app}${p}`;
const resizeStatements = (): PolicyStatement[] =>
  stack.functions.find((definition) => definition.name === 'resize')!.role.statements;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-e2e-resize-failure-'));
  stack = await startOwnStack({
    dataDir,
    web: true,
    webServer: 'preview',
    webEnv: E2E_WEB_ENV,
  });
  violations = new CspViolationLog(new URL(stack.urls.app).origin);
  browser = await launchBrowser({
    trustedCertificates: [stack.cognito.spkiSha256],
    cspViolations: violations,
  });
  const { email } = await createVerifiedSeller(
    stack,
    { label: 'outage', name: NAME, password: PASSWORD },
    { monthlyPhotoUploadLimit: 10 },
  );
  seller = { email, token: await idToken(stack, email, PASSWORD) };
}, 600_000);

afterEach(() => {
  const found = violations?.take() ?? [];
  if (found.length > 0)
    throw new Error(`Content-Security-Policy violations:\n  ${found.map(describeViolation).join('\n  ')}`);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newGallery(albumName: string): Promise<string> {
  const answer = await fetch(`${stack.urls.api}/galleries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({ albumName }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { galleryId: string }).galleryId;
}

describe('a photo whose processing failed', () => {
  it('shows why with a Retry button, and Retry brings its thumbnail once resizing works again', async () => {
    const galleryId = await newGallery('Harbour lights');
    const file = path.join(dataDir, 'harbour.jpg');
    await writeFile(
      file,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#246' } })
        .jpeg()
        .toBuffer(),
    );
    const page = await browser.newPage();
    await signInThroughPage(page, app(''), { email: seller.email, password: PASSWORD, name: NAME });
    await page.goto(app(`/galleries/${galleryId}`));
    await page.getByRole('heading', { name: 'Harbour lights' }).waitFor();

    resizeStatements().push(OUTAGE);
    await page.locator('input[type="file"]').setInputFiles(file);
    // The page polls while the photo processes; Lambda's retries fail, the consumer marks it FAILED.
    const failed = page.locator('.photo-tile[data-status="FAILED"]');
    await failed.waitFor({ timeout: 30_000 });
    const reason = failed.getByRole('alert');
    expect(await reason.textContent()).toMatch(`: ${sellerToolErrors.processingFailed}`);
    const retry = failed.getByRole('button', { name: /^Retry processing / });
    expect(await retry.textContent()).toBe('Retry');

    resizeStatements().splice(resizeStatements().indexOf(OUTAGE), 1);
    await retry.focus();
    await page.keyboard.press('Enter');
    // Processing again at once, then READY with its thumbnail, without a reload.
    const ready = page.locator('.photo-tile[data-status="READY"] img');
    await page.locator('.photo-grid').scrollIntoViewIfNeeded();
    await ready.waitFor({ timeout: 30_000 });
    expect(await page.locator('.photo-tile[data-status="FAILED"]').count()).toBe(0);
    await expect
      .poll(() => ready.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(400);
    await page.close();
  });
});
