/**
 * `npm run screenshots`: PNGs of the main customer and seller pages at a phone's and a laptop's width,
 * in the light and the dark theme, written to screenshots/ (ignored by git) for a person to review.
 * Starts the local stack with the web app and the demo seed (the bench's set-up), adds a few empty
 * galleries so the galleries page shows a grid, signs the demo seller in once and walks the pages.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBenchStack } from './bench-stack';
import { DEMO_SELLER } from '@shutterlane/local-stack/seed/seed';
import { idToken } from './accounts';
import { launchBrowser } from './browser';
import { signInAsDemoSeller } from './seller-page';

const OUT_DIR = 'screenshots';
const WIDTHS = [375, 1366] as const;
const THEMES = ['light', 'dark'] as const;
/** Names of the extra galleries; the seed's one gallery alone would not show the grid. */
const EXTRA_GALLERIES = ['School portraits', 'Harbour 10K run', 'Spring wedding', 'Dog show'];

interface Shot {
  name: string;
  /** The page's path, or a function that opens it (the gallery page, reached from the list). */
  open: string | ((page: Page) => Promise<void>);
  /** What shows once the page's content has loaded. */
  ready: (page: Page) => Promise<unknown>;
}

function shots(orders: { free: string; fulfilled: string }): Shot[] {
  const heading = (name: string | RegExp) => (page: Page) =>
    page.getByRole('heading', { level: 1, name }).waitFor();
  return [
    { name: 'customer-home', open: '/', ready: heading(/.+/) },
    { name: 'customer-order-access', open: orders.free, ready: heading('Enter Your Email') },
    {
      name: 'customer-order-gallery',
      open: orders.fulfilled,
      ready: (page) => page.getByRole('button', { name: /^Open photo 12 of 12$/ }).waitFor(),
    },
    { name: 'seller-dashboard', open: '/dashboard', ready: heading(`Welcome, ${DEMO_SELLER.name}!`) },
    {
      name: 'seller-galleries',
      open: '/galleries',
      ready: (page) => page.locator('.gallery-list a').nth(4).waitFor(),
    },
    {
      name: 'seller-gallery',
      open: async (page) => {
        await page.goto(`${appUrl}/galleries`);
        // The seed's gallery is the oldest, so the last of the list.
        await page.locator('.gallery-list a').last().click();
      },
      ready: (page) => page.locator('.photo-tile[data-status="READY"]').nth(11).waitFor(),
    },
    {
      name: 'seller-orders',
      open: '/seller-orders',
      ready: (page) => page.locator('.orders-table tbody tr').first().waitFor(),
    },
    // Payments have no page of their own: the dashboard's cards, the orders' earnings, and these two.
    { name: 'seller-manage-account', open: '/manage-account', ready: heading('Manage Account') },
    { name: 'seller-pricing', open: '/pricing', ready: heading(/.+/) },
    { name: 'seller-profile', open: '/profile', ready: heading(/.+/) },
  ];
}

let appUrl = '';

/** Scrolls through the page so lazily loaded images load, then waits for every image to finish. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    window.scrollTo(0, 0);
  });
  // A lazy image that never comes into view (a carousel's other slides) never completes: wait a while, not forever.
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 })
    .catch(() => console.log(`  (some images of ${page.url()} still loading)`));
}

async function createGalleries(apiUrl: string, token: string): Promise<void> {
  for (const albumName of EXTRA_GALLERIES) {
    const response = await fetch(`${apiUrl}/galleries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ albumName }),
    });
    if (!response.ok) throw new Error(`POST /galleries answered ${response.status}`);
  }
}

async function main(): Promise<void> {
  console.log('Starting the local stack with the web app...');
  const env = await startBenchStack({ web: true });
  const browser = await launchBrowser({ trustedCertificates: [env.stack.cognito.spkiSha256] });
  try {
    appUrl = env.stack.urls.app;
    await createGalleries(env.demo.apiUrl, await idToken(env.stack, DEMO_SELLER.email, DEMO_SELLER.password));
    await rm(OUT_DIR, { recursive: true, force: true });
    await mkdir(OUT_DIR, { recursive: true });
    const page = await browser.newPage();
    await signInAsDemoSeller(page, appUrl);
    const list = shots({ free: env.demo.orders.free.url, fulfilled: env.demo.orders.fulfilled.url });
    for (const theme of THEMES) {
      // No stored choice: the app follows the system's preference, which this emulates.
      await page.emulateMedia({ colorScheme: theme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        for (const shot of list) {
          if (typeof shot.open === 'string') {
            await page.goto(shot.open.startsWith('http') ? shot.open : `${appUrl}${shot.open}`);
          } else await shot.open(page);
          await shot.ready(page);
          await page.waitForLoadState('networkidle');
          await loadLazyImages(page);
          const file = path.join(OUT_DIR, `${shot.name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`  ${file}`);
        }
      }
    }
  } finally {
    await browser.close();
    await env.stop();
  }
}

await main();
