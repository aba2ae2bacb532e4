/**
 * The event gallery on a phone: headless Chromium at 390 px (density 3, a phone's user agent), its CPU
 * slowed 4 times and its network shaped as Lighthouse's slow 4G (150 ms round trips, 1.6 Mbit/s down,
 * 750 kbit/s up), opens the gallery and scrolls to its last photo, a few screens at a time then a page's
 * worth of screens at a time. Measured: when the first grid photos are drawn (from navigation), the most
 * elements the page holds and the most JavaScript heap it uses at any point, and how long the scroll to
 * the last photo takes. Each preview is counted by where it came from (every one should come from the
 * bucket: made ahead).
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '@shutterlane/harness/browser';

export interface PhoneScroll {
  firstPhotosMs: number;
  /** When the page's largest paint happened (index.html draws the cover before the app starts). */
  largestPaintMs: number;
  /** When the view's answer (the first page) had arrived. */
  viewAnsweredMs: number;
  /** When the app's scripts had all arrived, and when it first put a grid photo in the page. */
  scriptsLoadedMs: number;
  gridRenderedMs: number;
  maxElements: number;
  maxHeapMiB: number;
  scrollSeconds: number;
  scrollSteps: number;
  previewsLoaded: number;
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/**
 * The scroll gives up after this many steps. Pages load one after the other as the end of what is loaded
 * nears the screen (a cursor per page), and on slow 4G a page takes a few steps to arrive: 20,000 photos
 * (200 pages) took more than 400 steps on a loaded machine.
 */
const MAX_STEPS = 1500;

async function shape(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
}

async function sample(page: Page, cdp: CDPSession, seen: { elements: number; heap: number }): Promise<void> {
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  seen.elements = Math.max(seen.elements, elements);
  seen.heap = Math.max(seen.heap, heap);
}

/** In the page, before its scripts: the largest paint so far (LCP). */
function watchMilestones() {
  const marks = window as unknown as { benchLcp: number };
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) marks.benchLcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

type Milestones = Pick<
  PhoneScroll,
  'largestPaintMs' | 'viewAnsweredMs' | 'scriptsLoadedMs' | 'gridRenderedMs'
>;

/**
 * When the page's milestones happened: the largest paint, the view call's answer, the last of the app's
 * scripts arriving, and the grid's first photo put in the page.
 */
async function milestones(page: Page): Promise<Milestones> {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const view = resources.find((entry) =>
      /\/api\/public\/galleries\/[^/]+$/.test(new URL(entry.name).pathname),
    );
    // The app's own scripts (entry and chunks), by their path: no worker, no extension.
    const scripts = resources
      .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.responseEnd);
    const marks = window as unknown as { benchLcp?: number; benchGrid?: number };
    return {
      largestPaintMs: marks.benchLcp ?? NaN,
      viewAnsweredMs: view?.responseEnd ?? NaN,
      scriptsLoadedMs: scripts.length > 0 ? Math.max(...scripts) : NaN,
      gridRenderedMs: marks.benchGrid ?? NaN,
    };
  });
}

/** Milliseconds from navigation until a grid photo has loaded and is drawn. */
async function firstPhotosDrawn(page: Page): Promise<number> {
  // Checked every 50 ms: when the grid first holds a photo (benchGrid), and when one has loaded.
  await page.waitForFunction(
    () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('.public-grid img')];
      const marks = window as unknown as { benchGrid?: number };
      if (images.length > 0) marks.benchGrid ??= performance.now();
      return images.some((image) => image.complete && image.naturalWidth > 0);
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(() => performance.now());
}

export async function scrollPhoneToLastPhoto(galleryUrl: string, total: number): Promise<PhoneScroll> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await shape(cdp);
    let previewsLoaded = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/previews/') && response.ok()) previewsLoaded++;
    });
    await page.addInitScript(watchMilestones);
    await page.goto(galleryUrl, { waitUntil: 'commit' });
    const firstPhotosMs = await firstPhotosDrawn(page);
    const marks = await milestones(page);
    const seen = { elements: 0, heap: 0 };
    await sample(page, cdp, seen);
    const last = page.getByRole('button', { name: `Open photo ${total} of ${total}` });
    const started = Date.now();
    let steps = 0;
    while ((await last.count()) === 0 && steps < MAX_STEPS) {
      steps++;
      // The first screens one at a time (as a thumb does), then straight to the end of what is loaded.
      await page.evaluate((screenByScreen) => {
        if (screenByScreen) window.scrollBy(0, window.innerHeight);
        else window.scrollTo(0, document.documentElement.scrollHeight);
      }, steps <= 10);
      await page.waitForTimeout(steps <= 10 ? 300 : 150);
      await sample(page, cdp, seen);
    }
    if ((await last.count()) === 0) throw new Error(`the last photo was not reached in ${MAX_STEPS} steps`);
    await sample(page, cdp, seen);
    return {
      firstPhotosMs,
      ...marks,
      maxElements: seen.elements,
      maxHeapMiB: seen.heap / 1024 / 1024,
      scrollSeconds: (Date.now() - started) / 1000,
      scrollSteps: steps,
      previewsLoaded,
    };
  } finally {
    await browser.close();
  }
}
