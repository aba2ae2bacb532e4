/**
 * 'Download ZIP' in the browser (issue 15, item 1): the real fulfilled-order gallery page (production
 * build, local stack) in headless Chromium makes the ZIP of a 50- and a 300-photo order of 8 MB photos
 * stored in the S3 stand-in, by its two streamed paths:
 * - service worker: the page without the File System Access API, as Firefox and Safari are; the
 *   archive goes through web/public/zip-download-sw.js to Chromium's download manager, whose finished
 *   file playwright hands over;
 * - File System Access: headless Chromium cannot answer the save dialog, so an init script makes
 *   showSaveFilePicker return a file handle of the origin-private file system; the gallery's own code
 *   writes to its writable stream.
 * Measured: renderer RSS and JS heaps (bench/zip-browser-probe.ts) above the idle page, time from the
 * click to the finished file, against `zip -0` on the same files; the archive's size and entry count
 * are checked. Targets: peak ≤ 150 MiB above the idle page, flat from 50 to 300; ≥ 0.5x `zip -0`.
 */
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../test/support/browser';
import { type SummaryRow, type BenchSection } from './summary';
import { startBigOrders } from './zip-browser-seed';
import { watchMemory, type MemoryPeaks } from './zip-browser-probe';
import {
  COUNTS,
  PHOTO_BYTES,
  hasZipCli,
  measureZipCli,
  zipEntryCount,
  zipSummary,
  type ZipMeasure,
} from './zip';

export const BROWSER_THROUGHPUT_TARGET = 0.5;
/** Runs per path and order size (time: best; memory: highest). ZIP_BROWSER_RUNS overrides it. */
const RUNS = Number(process.env.ZIP_BROWSER_RUNS ?? 3);
const ZIP_TIMEOUT_MS = 20 * 60_000;
const OPFS_FILE = 'bench-picked.zip';

export type BrowserPath = 'service worker' | 'File System Access (OPFS)';
const PATHS: BrowserPath[] = ['service worker', 'File System Access (OPFS)'];

export interface BrowserZipMeasure extends ZipMeasure {
  path: BrowserPath;
  memory: MemoryPeaks;
}

async function contextFor(browser: Browser, way: BrowserPath): Promise<BrowserContext> {
  const context = await browser.newContext({ acceptDownloads: true });
  if (way === 'service worker') {
    await context.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
  } else {
    await context.addInitScript((name: string) => {
      (window as unknown as Record<string, unknown>).showSaveFilePicker = async () =>
        (await navigator.storage.getDirectory()).getFileHandle(name, { create: true });
    }, OPFS_FILE);
  }
  return context;
}

async function openOrder(page: Page, url: string, count: number): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: `Open photo ${count} of ${count}` }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** The ZIP's size and entry count, checked; the file is deleted after. */
async function checkedSize(file: string, count: number): Promise<number> {
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  await handle.close();
  const entries = await zipEntryCount(file);
  if (size < count * PHOTO_BYTES || entries !== count)
    throw new Error(`browser ZIP of ${count} photos: ${size} bytes, ${entries} entries`);
  return size;
}

async function throughWorker(page: Page, count: number): Promise<number> {
  const downloading = page.waitForEvent('download', { timeout: ZIP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const download = await downloading;
  if (!new URL(download.url()).pathname.startsWith('/zip-download/'))
    throw new Error(`the ZIP did not stream through the worker: ${download.url()}`);
  const file = await download.path();
  const size = await checkedSize(file, count);
  await download.delete();
  return size;
}

/** Copies the OPFS file's last 64 KiB out to check its end records, then removes it. */
async function throughPickedFile(page: Page, count: number): Promise<number> {
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  await page.getByRole('progressbar').waitFor();
  await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: ZIP_TIMEOUT_MS });
  const tail = await page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle(name)).getFile();
    const bytes = new Uint8Array(await file.slice(Math.max(0, file.size - 65_557)).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { size: file.size, base64: btoa(binary) };
  }, OPFS_FILE);
  await page.evaluate(async (name) => (await navigator.storage.getDirectory()).removeEntry(name), OPFS_FILE);
  const copy = path.join(os.tmpdir(), `zip-browser-tail-${process.pid}.bin`);
  const handle = await open(copy, 'w');
  await handle.write(Buffer.from(tail.base64, 'base64'));
  await handle.close();
  const entries = await zipEntryCount(copy).finally(() => rm(copy, { force: true }));
  if (tail.size < count * PHOTO_BYTES || entries !== count)
    throw new Error(`OPFS ZIP of ${count} photos: ${tail.size} bytes, ${entries} entries`);
  return tail.size;
}

async function oneRun(browser: Browser, way: BrowserPath, url: string, count: number) {
  const context = await contextFor(browser, way);
  try {
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss()); // an alert would mean the ZIP failed: it throws below
    await openOrder(page, url, count);
    const stopWatching = await watchMemory(browser, page);
    const started = performance.now();
    const zipped = (
      way === 'service worker' ? throughWorker(page, count) : throughPickedFile(page, count)
    ).then(() => performance.now());
    // Sampling stops whether the ZIP worked or not; a failure then throws.
    const [finished, memory] = await Promise.all([
      zipped.catch(() => undefined),
      zipped.then(stopWatching, stopWatching),
    ]);
    if (finished === undefined) await zipped;
    return { seconds: (finished! - started) / 1000, memory };
  } finally {
    await context.close();
  }
}

async function measurePath(
  browser: Browser,
  way: BrowserPath,
  url: string,
  count: number,
): Promise<BrowserZipMeasure> {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await oneRun(browser, way, url, count));
  const seconds = Math.min(...runs.map((r) => r.seconds));
  const highest = (pick: (m: MemoryPeaks) => number | undefined) => {
    const values = runs.flatMap((r) => {
      const value = pick(r.memory);
      return value === undefined ? [] : [value];
    });
    return values.length ? Math.max(...values) : undefined;
  };
  const payloadMB = (count * PHOTO_BYTES) / 1e6;
  const memory: MemoryPeaks = {
    idleRendererMiB: highest((m) => m.idleRendererMiB)!,
    peakRendererMiB: highest((m) => m.peakRendererMiB)!,
    idlePageHeapMiB: highest((m) => m.idlePageHeapMiB)!,
    peakPageHeapMiB: highest((m) => m.peakPageHeapMiB)!,
    peakWorkerHeapMiB: highest((m) => m.peakWorkerHeapMiB),
    samples: Math.min(...runs.map((r) => r.memory.samples)),
  };
  return {
    tool: `gallery page, ${way}`,
    path: way,
    photos: count,
    payloadMB,
    seconds,
    mbPerSecond: payloadMB / seconds,
    peakRssMiB: memory.peakRendererMiB,
    growthMiB: highest((m) => m.peakRendererMiB - m.idleRendererMiB),
    memory,
  };
}

export interface BrowserZipResults {
  gallery: BrowserZipMeasure[];
  cli: ZipMeasure[];
}

export async function measureZipBrowser(
  log: (line: string) => void = console.log,
): Promise<BrowserZipResults> {
  const orders = await startBigOrders(COUNTS, log);
  const results: BrowserZipResults = { gallery: [], cli: [] };
  try {
    const browser = await launchBrowser();
    try {
      for (const count of COUNTS) {
        for (const way of PATHS) {
          log(`Browser ZIP of ${count} photos through the ${way} path...`);
          results.gallery.push(await measurePath(browser, way, orders.orders.get(count)!, count));
        }
        if (hasZipCli())
          results.cli.push(await measureZipCli(orders.files.slice(0, count), path.dirname(orders.files[0]!)));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await orders.stop();
  }
  return results;
}

const mib = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(0)} MiB`);

export function zipBrowserSection({ gallery, cli }: BrowserZipResults): BenchSection {
  const lines = [
    '## Gallery ZIP of big orders, in the browser',
    '',
    'The fulfilled-order gallery page of the production build (local stack) in headless Chromium',
    'downloads a 50- and a 300-photo order (8 MB photos: a small real JPEG then random bytes, stored',
    'in the S3 stand-in; the real resize trigger made their thumbnails) by clicking Download ZIP.',
    '**Service worker**: `showSaveFilePicker` removed, as in Firefox and Safari; the archive streams',
    "through `zip-download-sw.js` into Chromium's download manager; the time ends when the download has",
    'finished (playwright hands over the file). **File System Access (OPFS)**: `showSaveFilePicker`',
    '(whose dialog headless Chromium cannot answer) returns a file of the origin-private file system;',
    "the gallery's own code writes to its writable stream; the time ends when the progress bar goes.",
    "Renderer RSS is the sum over Chromium's renderer processes",
    '(pids from SystemInfo.getProcessInfo, VmRSS from /proc; the worker runs in a renderer too), sampled',
    'every 200 ms; growth is its peak minus its value on the loaded, idle page before the click (after',
    "a forced GC). JS heaps are Runtime.getHeapUsage's usedSize of the page and of the service worker.",
    `Each path and size runs ${RUNS} time(s) in a fresh context: time the best, memory the highest. The`,
    'ZIP is checked: size at least the payload and as many central-directory entries as photos.',
    '`zip -0` on the same files on disk (page cache warm), best of 3.',
    '',
    '| path | photos | time | MB/s | vs `zip -0` | renderer idle | renderer peak | growth | page heap idle → peak | worker heap peak |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...gallery.map((r) => {
      const reference = cli.find((c) => c.photos === r.photos);
      const ratio = reference ? `${(r.mbPerSecond / reference.mbPerSecond).toFixed(2)}x` : '-';
      const m = r.memory;
      return `| ${r.path} | ${r.photos} | ${r.seconds.toFixed(1)} s | ${r.mbPerSecond.toFixed(0)} | ${ratio} | ${mib(m.idleRendererMiB)} | ${mib(m.peakRendererMiB)} | ${mib(r.growthMiB)} | ${mib(m.idlePageHeapMiB)} → ${mib(m.peakPageHeapMiB)} | ${mib(m.peakWorkerHeapMiB)} |`;
    }),
    ...cli.map(
      (c) =>
        `| \`zip -0\` | ${c.photos} | ${c.seconds.toFixed(1)} s | ${c.mbPerSecond.toFixed(0)} | 1.00x | - | - | - | - | - |`,
    ),
    '',
  ];
  const summary: SummaryRow[] = PATHS.flatMap((way) =>
    zipSummary(
      `Browser, ${way}`,
      (count) => gallery.find((r) => r.path === way && r.photos === count),
      (count) => cli.find((c) => c.photos === count),
      BROWSER_THROUGHPUT_TARGET,
    ),
  );
  return { lines, summary };
}
