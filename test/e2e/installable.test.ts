/**
 * The installable seller app in headless Chromium with a profile on disk (an
 * incognito context is never installable): signed in as the demo seller, the DevTools protocol finds
 * the seller area installable; offline, or while the network holds the page back, a reloaded seller
 * page opens from the worker's shell; a customer's order page, in the same browser with the seller's
 * worker installed, comes from the network (never from the seller's cache, and not at all offline), and
 * its Download ZIP still streams through the ZIP download worker of /zip-download/.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistentContext } from '@shutterlane/harness/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eWorld } from '../support/e2e';
import {
  activeSellerWorker,
  expectInstallable,
  expectReloadsOffline,
  openGalleries,
} from '../support/seller-app';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { sellerCommonTexts } from '../../web/src/lib/texts/seller-common';
import { readZip } from '../support/zip-reader';
import { localStack } from '@shutterlane/harness/worker-stack';

// Lets the tests hold up the seller worker's own requests (Chromium only, read when the browser launches).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const world = e2eWorld();
let profileDir: string;
let context: BrowserContext;
let seller: Page;

const appUrl = () => world.env.stack.urls.app;

beforeAll(async () => {
  profileDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-installable-'));
  context = await launchPersistentContext(profileDir, {
    trustedCertificates: [localStack().cognito.spkiSha256],
    cspViolations: world.cspViolations,
  });
  seller = await context.newPage();
  await signInAsDemoSeller(seller, appUrl());
});

afterAll(async () => {
  await context?.close();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

describe('the installable seller app', () => {
  it('registers its worker for the whole site from a seller page and links the manifest', async () => {
    await expect.poll(() => activeSellerWorker(seller)).toEqual({ script: '/seller-sw.js', scope: '/' });
    const manifest = await seller.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifest).toBe('/manifest.webmanifest');
  });

  it('is installable: the DevTools protocol reports no installability errors on a seller page', async () => {
    await openGalleries(seller, appUrl());
    await expectInstallable(context, seller);
  });

  it('opens a seller page offline from the shell the worker keeps', async () => {
    // (Offline the session check keeps the seller signed in with the user the device kept;
    // upload-queue.test.ts checks a gallery page opened that way.)
    await openGalleries(seller, appUrl());
    await expectReloadsOffline(context, seller);
  });

  it('opens the kept shell while the network is too slow to answer', async () => {
    await openGalleries(seller, appUrl());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    // The worker's fetch of the page waits until the test lets it go: a network with one bar.
    await context.route(`${appUrl()}/galleries`, async (route) => {
      held++;
      await released;
      await route.continue().catch(() => undefined);
    });
    try {
      const response = await seller.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await seller.getByRole('heading', { level: 1, name: sellerCommonTexts.galleries }).waitFor();
      // Drawn from the kept shell while the network's answer is still held.
      expect(held).toBe(1);
    } finally {
      release();
      await context.unroute(`${appUrl()}/galleries`);
    }
  });

  it("serves a customer's order page from the network, never from the seller's cache", async () => {
    const customer = await context.newPage();
    try {
      const order = world.env.demo.orders.fulfilled;
      const response = await customer.goto(order.url);
      expect(response?.fromServiceWorker()).toBe(false);
      expect(response?.status()).toBe(200);
      await customer.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
      // The seller's worker controls the page (its scope is the site) and let it through untouched.
      expect(await customer.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
        /\/seller-sw\.js$/,
      );
      await context.setOffline(true);
      try {
        await expect(customer.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      } finally {
        await context.setOffline(false);
      }
    } finally {
      await customer.close();
    }
  });

  it('leaves the ZIP download worker its scope: Download ZIP still streams through it', async () => {
    const customer = await context.newPage();
    try {
      // As in a browser without the File System Access API, so the ZIP goes through its worker.
      await customer.addInitScript(
        () => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker,
      );
      const order = world.env.demo.orders.fulfilled;
      await customer.goto(order.url);
      await customer.getByRole('button', { name: 'Open photo 12 of 12' }).waitFor();
      const [download] = await Promise.all([
        customer.waitForEvent('download'),
        customer.getByRole('button', { name: 'Download ZIP' }).click(),
      ]);
      expect(new URL(download.url()).pathname).toMatch(/^\/zip-download\//);
      expect(download.suggestedFilename()).toBe(`shutterlane-${order.id.slice(0, 8)}.zip`);
      const entries = readZip(await readFile((await download.path())!));
      expect(entries).toHaveLength(12);
      const registrations = await customer.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => ({
          scope: new URL(r.scope).pathname,
          script: new URL(r.active!.scriptURL).pathname,
        })),
      );
      expect(registrations).toEqual(
        expect.arrayContaining([
          { scope: '/', script: '/seller-sw.js' },
          { scope: '/zip-download/', script: '/zip-download-sw.js' },
        ]),
      );
    } finally {
      await customer.close();
    }
  });
});
