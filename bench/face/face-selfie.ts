/**
 * Find my photos as a customer meets it: time from picking a selfie to the gallery showing
 * their photos, in headless Chromium on a phone-sized screen, on the demo public gallery of the bench
 * stack (production build behind vite preview). Timed from the file input's setInputFiles call until
 * the "N photos found" status is visible: the first search of a fresh page (face-api's chunk, its
 * weights and its WebAssembly downloaded and compiled, then the selfie described and the search sent),
 * then a second search in the same page (models warm). The search's POST is timed on its own from
 * the browser's resource timing: the server's share. Each page must find the selfie's person's photos.
 * Aim: the first search within 3 s.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { API_BASE } from '#shared/contract/route-paths';
import { launchBrowser } from '@shutterlane/harness/browser';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { verdict, type BenchSection } from '../summary';

/** The e2e suite's phone (test/e2e/public-gallery.test.ts). */
const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true } as const;
/** Fresh pages, each an empty cache: a customer's first search, best of them (median shown). */
const PAGES = 3;
/** The photos of the selfie's person in the demo gallery: lisa2 to lisa4 (local/stack/seed/demo-public-gallery.ts). */
const EXPECTED_MATCHES = 3;
const TARGET_MS = 3000;
/** A failed search shows an error and never a result: give up well past any plausible time. */
const SEARCH_TIMEOUT_MS = 60_000;

export interface SearchRun {
  /** setInputFiles until the result is visible. */
  ms: number;
  /** The search POST as the page saw it: issued to its last byte. */
  requestMs: number;
  /** Its time to first byte (request sent to response started): the server's work plus loopback. */
  serverMs: number;
  /** Photos found as the status says, and as the grid shows them (0 when no match was shown). */
  foundText: number;
  foundInGrid: number;
  /** Response bytes the page downloaded during the search (body sizes). */
  downloadedBytes: number;
  requests: number;
}

export interface FaceSelfieReport {
  galleryPhotos: number;
  first: SearchRun[];
  second: SearchRun[];
}

const isSearchPost = (publicId: string) => (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === `${API_BASE}/public/galleries/${publicId}/search`;

/** The total N of the grid's "Select photo n of N" buttons, once the grid is there. */
async function gridTotal(page: Page): Promise<number> {
  const first = page.getByRole('button', { name: /^Select photo 1 of \d+$/ });
  await first.waitFor();
  const label = (await first.getAttribute('aria-label')) ?? '';
  return Number(/of (\d+)$/.exec(label)?.[1]);
}

/** One search: the selfie given to the open panel's file input, timed to the result. */
async function timedSearch(page: Page, publicId: string, selfie: string): Promise<SearchRun> {
  const bodySizes: Promise<number>[] = [];
  // Every response the search needed (the model files on a first search), counted by body size.
  const count = (request: Request) =>
    bodySizes.push(
      request.sizes().then(
        (sizes) => sizes.responseBodySize,
        () => 0,
      ),
    );
  page.on('requestfinished', count);
  const searchFinished = page.waitForEvent('requestfinished', {
    predicate: isSearchPost(publicId),
    timeout: SEARCH_TIMEOUT_MS,
  });
  const found = page.getByTestId('face-search-found');
  const noMatch = page.getByTestId('face-search-no-match');
  const finder = page.getByTestId('find-my-photos-panel');

  const start = performance.now();
  await finder.getByLabel('Selfie').setInputFiles(selfie);
  try {
    await found.or(noMatch).waitFor({ timeout: SEARCH_TIMEOUT_MS });
  } catch (error) {
    const shown = (await finder.textContent().catch(() => null)) ?? '(panel closed)';
    throw new Error(`The search showed no result: ${shown}`, { cause: error });
  }
  const ms = performance.now() - start;
  page.off('requestfinished', count);

  const timing = (await searchFinished).timing();
  const matched = await found.isVisible();
  const foundText = matched
    ? Number(/^(\d+) photos? found$/.exec((await found.textContent()) ?? '')?.[1])
    : 0;
  const foundInGrid = matched
    ? await page.getByRole('button', { name: new RegExp(`^Select photo \\d+ of ${foundText}$`) }).count()
    : 0;
  const sizes = await Promise.all(bodySizes);
  return {
    ms,
    requestMs: timing.responseEnd,
    serverMs: timing.responseStart - timing.requestStart,
    foundText,
    foundInGrid,
    downloadedBytes: sizes.reduce((sum, n) => sum + n, 0),
    requests: sizes.length,
  };
}

/** A fresh phone (empty cache) opens the gallery, searches once, shows all photos again, searches again. */
async function searchTwice(
  browser: Browser,
  url: string,
  publicId: string,
  selfie: string,
): Promise<{ galleryPhotos: number; first: SearchRun; second: SearchRun }> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    const galleryPhotos = await gridTotal(page);
    // A first visit asks about cookies; a customer answers before anything else (on a phone the
    // banner covers the page's foot). Launched without a stored choice, so it is shown.
    const reject = page.getByRole('button', { name: 'Reject Non-Essential' });
    if (
      await reject.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      await reject.click();

    const openPanel = async () => {
      await page.getByRole('button', { name: 'Find my photos' }).click();
      await page.getByTestId('find-my-photos-panel').getByRole('checkbox', { name: 'I agree' }).check();
    };
    await openPanel();
    const first = await timedSearch(page, publicId, selfie);
    // Back to the whole gallery (the result's status goes), then the same selfie again: models warm.
    if (first.foundText > 0) {
      await page.getByRole('button', { name: 'Show all photos' }).click();
      await page.getByTestId('face-search-found').waitFor({ state: 'hidden' });
    }
    await openPanel();
    const second = await timedSearch(page, publicId, selfie);
    return { galleryPhotos, first, second };
  } finally {
    await context.close();
  }
}

/** Needs a stack whose web server serves the production build (`{ web: true, webServer: 'preview' }`). */
export async function measureFaceSelfie(env: TestStack): Promise<FaceSelfieReport> {
  const gallery = env.demo.publicGallery;
  if (!gallery) throw new Error('The bench stack has no demo public gallery');
  // The demo file's link may name the dev app: the page is asked of this stack's preview server.
  const url = `${new URL(env.stack.urls.app).origin}/g/${gallery.id}`;
  const browser = await launchBrowser({ storedConsent: false });
  try {
    const runs: Awaited<ReturnType<typeof searchTwice>>[] = [];
    for (let i = 0; i < PAGES; i++) runs.push(await searchTwice(browser, url, gallery.id, gallery.selfie));
    return {
      galleryPhotos: runs[0]!.galleryPhotos,
      first: runs.map((run) => run.first),
      second: runs.map((run) => run.second),
    };
  } finally {
    await browser.close();
  }
}

const best = (values: number[]) => Math.min(...values);
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const ms = (value: number) => `${Math.round(value)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const correct = (run: SearchRun) =>
  run.foundText === EXPECTED_MATCHES && run.foundInGrid === EXPECTED_MATCHES;

export function faceSelfieSection(report: FaceSelfieReport): BenchSection {
  const firstBest = best(report.first.map((run) => run.ms));
  const met = firstBest <= TARGET_MS;
  const allRuns = [...report.first, ...report.second];
  const allCorrect = allRuns.every(correct);
  const fastestFirst = report.first.find((run) => run.ms === firstBest)!;
  const row = (label: string, page: number, run: SearchRun) =>
    `| ${page} | ${label} | ${ms(run.ms)} | ${ms(run.requestMs)} | ${ms(run.serverMs)} | ${ms(run.ms - run.requestMs)} | ${mib(run.downloadedBytes)} (${run.requests}) | ${run.foundText} / ${run.foundInGrid} |`;
  const stats = (runs: SearchRun[]) =>
    `best ${ms(best(runs.map((run) => run.ms)))}, median ${ms(median(runs.map((run) => run.ms)))}`;
  const secondBest = best(report.second.map((run) => run.ms));
  return {
    lines: [
      '## Find my photos in the browser (selfie to results)',
      '',
      `The demo public gallery (${report.galleryPhotos} photos; production build, vite preview) on a phone`,
      `(${PHONE.viewport.width}x${PHONE.viewport.height}) in headless Chromium, ${PAGES} fresh pages (empty cache), each: the cookie`,
      'banner answered, Find my photos opened and agreed to, the demo selfie given to the file input; timed',
      "from setInputFiles until the result's status is visible. First search: face-api's chunk, weights and",
      'WebAssembly downloaded and compiled, the selfie described, the search sent. Second search: the same',
      'page after "Show all photos", models warm. The search POST from resource timing: issued to last byte,',
      'and time to first byte (the server); browser = total minus the POST. Downloaded: every response the',
      `page finished during the search (thumbnails still loading included). Expected: ${EXPECTED_MATCHES} photos of the`,
      "selfie's person (status text / grid buttons).",
      '',
      '| page | search | selfie to results | search POST | of it to first byte | browser | downloaded (responses) | found (status / grid) |',
      '|---:|---|---:|---:|---:|---:|---:|---|',
      ...report.first.flatMap((first, i) => [
        row('first (cold)', i + 1, first),
        row('second (warm)', i + 1, report.second[i]!),
      ]),
      '',
      `- First search: ${stats(report.first)}. Second search: ${stats(report.second)}.`,
      `- Target at most ${ms(TARGET_MS)} for the first search (best of ${PAGES}): ${verdict(met)}.`,
      `- Every search found the ${EXPECTED_MATCHES} photos: ${allCorrect ? 'yes' : 'NO'}.`,
      '',
    ],
    summary: [
      {
        figure: `Find my photos, selfie to results in Chromium (phone, first search of a fresh page; best of ${PAGES})`,
        target: `≤ ${ms(TARGET_MS)}`,
        now: `${ms(firstBest)} (median ${ms(median(report.first.map((run) => run.ms)))}; warm: ${ms(secondBest)})`,
        met,
        cause:
          `The fastest first search: ${ms(fastestFirst.requestMs)} in the search POST ` +
          `(${ms(fastestFirst.serverMs)} to first byte), ${ms(fastestFirst.ms - fastestFirst.requestMs)} in the ` +
          `browser, which downloaded ${mib(fastestFirst.downloadedBytes)} for it; with the models warm a ` +
          `search takes ${ms(secondBest)}. What would meet it: fetching and compiling face-api's models ` +
          'when the panel opens, while the customer reads it and agrees.',
      },
      {
        figure: `Find my photos in Chromium finds the selfie's person (${EXPECTED_MATCHES} photos, every search)`,
        target: `${EXPECTED_MATCHES} found`,
        now: allRuns.map((run) => run.foundText).join(', '),
        met: allCorrect,
        gate: true,
        cause: 'A search in the browser found other photos than the seed descriptors in Node do.',
      },
    ],
  };
}
