/**
 * 'Download ZIP' in the browser: the real fulfilled-order gallery page (production
 * build, local stack) in headless Chromium makes the ZIP of a 50- and a 300-photo order of 8 MB photos
 * stored in the S3 stand-in, by its two streamed paths:
 * - service worker: the page without the File System Access API, as Firefox and Safari are; the
 *   archive goes through web/public/zip-download-sw.js to Chromium's download manager, which writes
 *   it to a directory (Browser.setDownloadBehavior) as a user's download is written;
 * - File System Access: headless Chromium cannot answer the save dialog, so an init script makes
 *   showSaveFilePicker return a file handle of the origin-private file system; the gallery's own code
 *   writes to its writable stream.
 * Measured: RSS of every Chromium process and the JS heaps (bench/zip/zip-browser-probe.ts) above the
 * idle page, time from the click to the finished file, against `zip -0` on the same files; the
 * archive's size and entry count are checked, and the downloaded one's CRCs. Targets: peak ≤ 150 MiB above the idle page, flat from 50 to 300; ≥ 0.5x `zip -0`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { COOKIE_CONSENT_DEFAULTS, COOKIE_CONSENT_STORAGE_KEY } from '#shared/rules/constants';
import { type SummaryRow, type BenchSection } from '../summary';
import { Cdp } from './zip-browser-cdp';
import { startBigOrders } from './zip-browser-seed';
import { COUNTED_KINDS, watchMemory, type MemoryPeaks } from './zip-browser-probe';
import {
  COUNTS,
  PHOTO_BYTES,
  hasZipCli,
  measureZipCli,
  ZIP_TAIL_BYTES,
  zipEntryCount,
  zipEntryCountOfTail,
  zipSummary,
  type ZipMeasure,
} from './zip';

export const BROWSER_THROUGHPUT_TARGET = 0.5;
/** Runs per path and order size (time: best; memory: highest). ZIP_BROWSER_RUNS overrides it. */
const RUNS = Number(process.env.ZIP_BROWSER_RUNS ?? 3);
const PAGE_TIMEOUT_MS = 60_000;
const ZIP_TIMEOUT_MS = 20 * 60_000;
const POLL_MS = 100;
/** After the grid is there, time for its thumbnails to load, so the idle page is idle. */
const SETTLE_MS = 3000;
const OPFS_FILE = 'bench-picked.zip';

export type BrowserPath = 'service worker' | 'File System Access (OPFS)' | 'download only, no ZIP';
const PATHS: BrowserPath[] = ['service worker', 'File System Access (OPFS)'];

export interface BrowserZipMeasure extends ZipMeasure {
  path: BrowserPath;
  memory: MemoryPeaks;
}

/** Runs in the page before its scripts: the stored cookie choice, and the path's save-file API. */
const initScript = (way: BrowserPath) => `
  localStorage.setItem(${JSON.stringify(COOKIE_CONSENT_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(COOKIE_CONSENT_DEFAULTS))});
  ${
    way === 'service worker'
      ? 'delete window.showSaveFilePicker;'
      : `window.showSaveFilePicker = async () => {
          window.__zipPicked = true;
          return (await navigator.storage.getDirectory()).getFileHandle(${JSON.stringify(OPFS_FILE)}, { create: true });
        };`
  }`;

interface Tab {
  targetId: string;
  sessionId: string;
  browserContextId: string;
  downloads: string;
  dialogs: string[];
}

async function evaluate<T>(cdp: Cdp, tab: Tab, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send<{
    result: { value: T };
    exceptionDetails?: { text: string; exception?: { description?: string } };
  }>(
    'Runtime.evaluate',
    { expression, awaitPromise: true, returnByValue: true, userGesture: true },
    tab.sessionId,
  );
  if (exceptionDetails)
    throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

async function until(cdp: Cdp, tab: Tab, expression: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await evaluate<boolean>(cdp, tab, expression))) {
    if (tab.dialogs.length > 0) throw new Error(`the page alerted: ${tab.dialogs.join('; ')}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const ZIP_BUTTON = `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Download ZIP')`;

/**
 * A tab of the browser's default context, whose storage is the profile on disk as a customer's is:
 * a context made with Target.createBrowserContext is off the record, and keeps its origin-private
 * files in memory (and under a small quota), which a real download never does.
 */
async function openTab(cdp: Cdp, way: BrowserPath, url: string): Promise<Tab> {
  const downloads = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-zip-downloads-'));
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allowAndName',
    downloadPath: downloads,
    eventsEnabled: true,
  });
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const { targetInfo } = await cdp.send<{ targetInfo: { browserContextId: string } }>(
    'Target.getTargetInfo',
    {
      targetId,
    },
  );
  const tab: Tab = {
    targetId,
    sessionId: await cdp.attach(targetId),
    browserContextId: targetInfo.browserContextId,
    downloads,
    dialogs: [],
  };
  cdp.on('Page.javascriptDialogOpening', (params, sessionId) => {
    if (sessionId !== tab.sessionId) return;
    tab.dialogs.push(String(params.message));
    void cdp.send('Page.handleJavaScriptDialog', { accept: true }, tab.sessionId);
  });
  await cdp.send('Page.enable', {}, tab.sessionId);
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: initScript(way) }, tab.sessionId);
  await cdp.send('Page.navigate', { url }, tab.sessionId);
  await until(
    cdp,
    tab,
    `document.querySelector('h1')?.textContent === 'Your Photos' && !!${ZIP_BUTTON} && !${ZIP_BUTTON}.disabled`,
    PAGE_TIMEOUT_MS,
    'the gallery',
  );
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return tab;
}

/** Leaves the profile as it was: no picked file, no download worker, no tab, no downloaded file. */
async function closeTab(cdp: Cdp, tab: Tab): Promise<void> {
  await evaluate(
    cdp,
    tab,
    `(async () => {
      await (await navigator.storage.getDirectory()).removeEntry(${JSON.stringify(OPFS_FILE)}).catch(() => undefined);
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    })()`,
  ).catch(() => undefined);
  await cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined);
  await rm(tab.downloads, { recursive: true, force: true });
}

async function checkZip(file: string, size: number, count: number): Promise<void> {
  const entries = await zipEntryCount(file);
  if (size < count * PHOTO_BYTES || entries !== count)
    throw new Error(`browser ZIP of ${count} photos: ${size} bytes, ${entries} entries`);
}

/**
 * Every entry's bytes checked against its CRC-32 (`unzip -t`), outside the timed part: the blocks'
 * memory goes round between page and worker (zip-blocks.ts), so a block reused too early would show
 * here as a wrong checksum (the bench's photos differ from one another, and each block of a photo too).
 */
function checkCrcs(file: string): void {
  const test = spawnSync('unzip', ['-tqq', file], { encoding: 'utf8' });
  if (test.error) return; // no unzip on this machine: the size and entry count checks stand
  if (test.status !== 0) throw new Error(`browser ZIP fails unzip -t: ${test.stdout}${test.stderr}`);
}

/**
 * Clicks Download ZIP and waits for Chromium's download of the worker's stream to complete; gives
 * the downloaded file.
 */
async function throughWorker(cdp: Cdp, tab: Tab, count: number): Promise<string> {
  let guid: string | undefined;
  const stops: (() => void)[] = [];
  const completed = new Promise<string>((resolve, reject) => {
    stops.push(
      cdp.on('Browser.downloadWillBegin', (params) => {
        if (!new URL(String(params.url)).pathname.startsWith('/zip-download/'))
          reject(new Error(`the ZIP did not stream through the worker: ${String(params.url)}`));
        guid = String(params.guid);
      }),
      cdp.on('Browser.downloadProgress', (params) => {
        if (params.guid !== guid) return;
        if (params.state === 'completed') resolve(path.join(tab.downloads, String(guid)));
        if (params.state === 'canceled') reject(new Error('the ZIP download was cancelled'));
      }),
    );
  });
  try {
    await evaluate(cdp, tab, `${ZIP_BUTTON}.click()`);
    const file = await Promise.race([
      completed,
      until(cdp, tab, 'false', ZIP_TIMEOUT_MS, 'the download').then(() => ''),
    ]);
    const handle = await open(file, 'r');
    const { size } = await handle.stat();
    await handle.close();
    await checkZip(file, size, count);
    return file;
  } finally {
    for (const stop of stops) stop();
  }
}

/** Clicks Download ZIP and waits for the progress bar to go and the OPFS file to hold the archive. */
async function throughPickedFile(cdp: Cdp, tab: Tab, count: number): Promise<undefined> {
  await evaluate(cdp, tab, `${ZIP_BUTTON}.click()`);
  const fileSize = `(async () => (await (await (await navigator.storage.getDirectory()).getFileHandle(${JSON.stringify(OPFS_FILE)})).getFile()).size)().catch(() => 0)`;
  await until(
    cdp,
    tab,
    `(async () => window.__zipPicked === true && !document.querySelector('progress') && (await ${fileSize}) > 0)()`,
    ZIP_TIMEOUT_MS,
    'the ZIP in the picked file',
  );
  // The archive's last bytes (end records and central directory), copied out to be checked.
  const tail = await evaluate<{ size: number; base64: string }>(
    cdp,
    tab,
    `(async () => {
      const file = await (await (await navigator.storage.getDirectory()).getFileHandle(${JSON.stringify(OPFS_FILE)})).getFile();
      const bytes = new Uint8Array(await file.slice(Math.max(0, file.size - ${ZIP_TAIL_BYTES})).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { size: file.size, base64: btoa(binary) };
    })()`,
  );
  const entries = zipEntryCountOfTail(Buffer.from(tail.base64, 'base64'), tail.size);
  if (tail.size < count * PHOTO_BYTES || entries !== count)
    throw new Error(`browser ZIP of ${count} photos: ${tail.size} bytes, ${entries} entries`);
  return undefined; // the file stays in the origin-private file system
}

/**
 * The reference for the page's own time: the same photos fetched by the same page one after another
 * (as the ZIP does) and their bodies read and dropped. What the ZIP cannot beat on this stack.
 */
async function downloadOnly(cdp: Cdp, url: string, photoUrls: string[]): Promise<number> {
  const tab = await openTab(cdp, 'service worker', url);
  try {
    const ms = await evaluate<number>(
      cdp,
      tab,
      `(async (urls) => {
        const started = performance.now();
        for (const url of urls) {
          const reader = (await fetch(url, { cache: 'no-store' })).body.getReader();
          while (!(await reader.read()).done);
        }
        return performance.now() - started;
      })(${JSON.stringify(photoUrls)})`,
    );
    return ms / 1000;
  } finally {
    await closeTab(cdp, tab);
  }
}

async function oneRun(cdp: Cdp, way: BrowserPath, url: string, count: number) {
  const tab = await openTab(cdp, way, url);
  try {
    const stopWatching = await watchMemory(cdp, tab, { worker: way === 'service worker' });
    const started = performance.now();
    const zipped = (way === 'service worker' ? throughWorker : throughPickedFile)(cdp, tab, count).then(
      (file) => [performance.now(), file] as const,
    );
    // Sampling stops whether the ZIP worked or not; a failure then throws.
    const [finished, memory] = await Promise.all([
      zipped.catch(() => undefined),
      zipped.then(stopWatching, stopWatching),
    ]);
    if (finished === undefined) await zipped;
    if (finished![1]) checkCrcs(finished![1]);
    return { seconds: (finished![0] - started) / 1000, memory };
  } finally {
    await closeTab(cdp, tab);
  }
}

async function measurePath(
  cdp: Cdp,
  way: BrowserPath,
  url: string,
  count: number,
): Promise<BrowserZipMeasure> {
  const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await oneRun(cdp, way, url, count));
  const seconds = Math.min(...runs.map((r) => r.seconds));
  const highest = (pick: (m: MemoryPeaks) => number | undefined) => {
    const values = runs.flatMap((r) => {
      const value = pick(r.memory);
      return value === undefined ? [] : [value];
    });
    return values.length ? Math.max(...values) : undefined;
  };
  const payloadMB = (count * PHOTO_BYTES) / 1e6;
  const kinds = [...new Set(runs.flatMap((r) => Object.keys(r.memory.growthByKindMiB)))];
  const memory: MemoryPeaks = {
    idleMiB: highest((m) => m.idleMiB)!,
    peakMiB: highest((m) => m.peakMiB)!,
    afterGcMiB: highest((m) => m.afterGcMiB)!,
    growthByKindMiB: Object.fromEntries(
      kinds.map((kind) => [kind, highest((m) => m.growthByKindMiB[kind])!]),
    ),
    idlePageHeapMiB: highest((m) => m.idlePageHeapMiB)!,
    peakPageHeapMiB: highest((m) => m.peakPageHeapMiB)!,
    peakPageBuffersMiB: highest((m) => m.peakPageBuffersMiB),
    peakWorkerHeapMiB: highest((m) => m.peakWorkerHeapMiB),
    peakWorkerBuffersMiB: highest((m) => m.peakWorkerBuffersMiB),
    samples: Math.min(...runs.map((r) => r.memory.samples)),
  };
  return {
    tool: `gallery page, ${way}`,
    path: way,
    photos: count,
    payloadMB,
    seconds,
    mbPerSecond: payloadMB / seconds,
    peakRssMiB: memory.peakMiB,
    growthMiB: highest((m) => m.peakMiB - m.idleMiB),
    memory,
  };
}

export interface BrowserZipResults {
  gallery: BrowserZipMeasure[];
  cli: ZipMeasure[];
  /** Best time of the page only downloading the photos, per order size. */
  downloadOnly: ZipMeasure[];
}

export async function measureZipBrowser(
  log: (line: string) => void = console.log,
): Promise<BrowserZipResults> {
  const orders = await startBigOrders(COUNTS, log);
  const results: BrowserZipResults = { gallery: [], cli: [], downloadOnly: [] };
  try {
    const cdp = await Cdp.launch();
    try {
      for (const count of COUNTS) {
        for (const way of PATHS) {
          log(`Browser ZIP of ${count} photos through the ${way} path...`);
          const measure = await measurePath(cdp, way, orders.orders.get(count)!, count);
          log(
            `  ${measure.seconds.toFixed(1)} s, Chromium ${measure.memory.idleMiB.toFixed(0)} → ${measure.memory.peakMiB.toFixed(0)} MiB (${grown(measure.memory)})`,
          );
          results.gallery.push(measure);
        }
        const photoUrls = await orders.photoUrls(count);
        const times = [];
        for (let run = 0; run < RUNS; run++)
          times.push(await downloadOnly(cdp, orders.orders.get(count)!, photoUrls));
        const seconds = Math.min(...times);
        const payloadMB = (count * PHOTO_BYTES) / 1e6;
        results.downloadOnly.push({
          tool: 'download only, no ZIP',
          photos: count,
          payloadMB,
          seconds,
          mbPerSecond: payloadMB / seconds,
          peakRssMiB: undefined,
        });
        log(`  download only: ${seconds.toFixed(1)} s`);
        if (hasZipCli())
          results.cli.push(await measureZipCli(orders.files.slice(0, count), path.dirname(orders.files[0]!)));
      }
    } finally {
      await cdp.close();
    }
  } finally {
    await orders.stop();
  }
  return results;
}

const mib = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(0)} MiB`);

/** The process kinds that grew by a MiB or more, most first: 'renderer +40, browser +3'. */
const grown = (memory: MemoryPeaks) =>
  Object.entries(memory.growthByKindMiB)
    .filter(([, growth]) => growth >= 1)
    .sort(([, a], [, b]) => b - a)
    .map(
      ([kind, growth]) =>
        `${kind} +${growth.toFixed(0)}${COUNTED_KINDS.includes(kind) ? '' : ' (not counted)'}`,
    )
    .join(', ') || 'none';

/**
 * The measured ceiling: the same page only downloading the photos. The CPU split behind it (measured
 * once with a harness, decisions.md) is the renderer's fetch, CRC and hop to the worker, Chromium's
 * browser process writing the download and the network service, all on the cores that also run the
 * S3 stand-in serving the photos.
 */
function throughputCause(fetched: ZipMeasure[], cli: ZipMeasure[]): string {
  const ratios = fetched.map((f) => {
    const reference = cli.find((c) => c.photos === f.photos);
    return { photos: f.photos, ratio: reference ? f.mbPerSecond / reference.mbPerSecond : undefined };
  });
  const ceilings = ratios.map((r) => `${r.photos} photos ${r.ratio?.toFixed(2) ?? '-'}x`).join(', ');
  const roomLeft = ratios.every((r) => r.ratio !== undefined && r.ratio >= BROWSER_THROUGHPUT_TARGET);
  const why = roomLeft
    ? "so the stack leaves room and the gap is the ZIP's own work on the same cores: the CRC-32 in " +
      "JavaScript, each 1 MiB block's trips to the fetch worker and the download worker, and Chromium's " +
      'browser process writing the download. What would meet it: a faster CRC (WebAssembly), computed in ' +
      'the fetch worker as it reads, and the photos served from another machine (as S3 is).'
    : "the S3 stand-in serving 8 MB photos and Chromium's renderer, browser and network processes share " +
      `this machine's ${os.cpus().length} cores, where \`zip -0\` reads a warm page cache on one. What would ` +
      'meet it: the photos served from another machine (as S3 is), and a faster CRC (WebAssembly) for the rest.';
  return `the page only downloading the photos, no ZIP, reaches ${ceilings} of \`zip -0\`: ${why}`;
}

/**
 * Growth that is garbage, not memory held: the peaks beside what is left once the page's and the
 * worker's heaps are collected. The photos' fetches run in workers ended every few photos
 * (photo-fetchers.ts), so their garbage goes with them; what the page still leaves is per message
 * (a read from the fetch worker and a pull from the download worker per 1 MiB block).
 */
function flatCause(runs: BrowserZipMeasure[]): string {
  const sorted = [...runs].sort((a, b) => a.photos - b.photos);
  const peaks = sorted.map((r) => mib(r.growthMiB)).join(' → ');
  const kept = sorted.map((r) => mib(r.memory.afterGcMiB - r.memory.idleMiB)).join(' → ');
  const [first, last] = [sorted[0], sorted.at(-1)];
  const perPhotoKiB =
    first &&
    last &&
    last.photos > first.photos &&
    first.growthMiB !== undefined &&
    last.growthMiB !== undefined
      ? ((last.growthMiB - first.growthMiB) * 1024) / (last.photos - first.photos)
      : undefined;
  return (
    `peak growth ${peaks}` +
    (perPhotoKiB === undefined ? '' : ` (${perPhotoKiB.toFixed(0)} KiB per photo)`) +
    `; once the page's and the worker's heaps are collected, ${kept} remain. What grows with the order is ` +
    "garbage Chromium collects late, not memory the page holds: the fetches' own now go with the workers " +
    'that made them; the rest is per message between the page and its workers (a few per 1 MiB block). ' +
    'What would meet it: bigger blocks, fewer messages, at the cost of a higher peak.'
  );
}

export function zipBrowserSection({ gallery, cli, downloadOnly: fetched }: BrowserZipResults): BenchSection {
  const lines = [
    '## Gallery ZIP of big orders, in the browser',
    '',
    'The fulfilled-order gallery page of the production build (local stack) in headless Chromium,',
    "driven over the DevTools pipe without enabling the Network domain (playwright's would make the",
    'renderer keep a copy of every fetched photo for DevTools: about 245 MiB more for 25 photos),',
    'downloads a 50- and a 300-photo order (8 MB photos: a small real JPEG then random bytes, stored',
    'in the S3 stand-in; the real resize trigger made their thumbnails) by clicking Download ZIP.',
    '**Service worker**: `showSaveFilePicker` removed, as in Firefox and Safari; the archive streams',
    "through `zip-download-sw.js` into Chromium's download manager; the time ends when the download has",
    'finished (Browser.downloadProgress: completed). **File System Access (OPFS)**: `showSaveFilePicker`',
    '(whose dialog headless Chromium cannot answer) returns a file of the origin-private file system;',
    "the gallery's own code writes to its writable stream; the time ends when the progress bar goes.",
    'Memory is the RSS summed over every Chromium process (the browser process, which writes the',
    'download; the renderers, where the page and the worker run; the GPU, network and storage',
    'services), pids from SystemInfo.getProcessInfo, VmRSS from /proc, sampled every 200 ms; any other',
    "kind (Chromium's own background services, such as an OnDeviceModelService it may start mid-run",
    "whatever the page does) is shown in 'grown, by process' but not summed. Growth is the sum's",
    'peak minus its value on the loaded, idle page before the click (after a forced GC), and',
    "'grown, by process' each kind's own peak minus idle. 'Kept' is the sum above idle once the ZIP",
    "is done and the page's and the worker's heaps have been collected (HeapProfiler.collectGarbage),",
    '1 s later: what Chromium really holds, as against garbage not yet collected. JS heaps are',
    "Runtime.getHeapUsage's usedSize of the page and of the service worker; their ArrayBuffers, its",
    'backingStorageSize: the memory behind ArrayBuffers, outside the heap, which V8 frees only when',
    'the (small) heap is next collected, so a fresh buffer per chunk piles up there. The service',
    "worker's download is really written by Chromium to a directory (Browser.setDownloadBehavior) and",
    'tested with `unzip -t` (every CRC) after the timed part.',
    `Each path and size runs ${RUNS} time(s), each in a new tab of the default (on-disk) profile, its`,
    'picked file and worker removed after: time the best, memory the highest. The',
    'ZIP is checked: size at least the payload, as many central-directory entries as photos, and the',
    "directory's offset pointing at its first header.",
    '`zip -0` on the same files on disk (page cache warm), best of 3. *Download only* is the same page',
    'fetching the same photos one after another and dropping their bytes (URLs signed as the order',
    "API signs them), best of the same number of runs: the stack's own ceiling for the page's ZIP.",
    '',
    '| path | photos | time | MB/s | vs `zip -0` | Chromium idle | peak | growth | grown, by process | kept after GC | page heap idle → peak | page ArrayBuffers peak | worker heap peak | worker ArrayBuffers peak |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
    ...gallery.map((r) => {
      const reference = cli.find((c) => c.photos === r.photos);
      const ratio = reference ? `${(r.mbPerSecond / reference.mbPerSecond).toFixed(2)}x` : '-';
      const m = r.memory;
      return `| ${r.path} | ${r.photos} | ${r.seconds.toFixed(1)} s | ${r.mbPerSecond.toFixed(0)} | ${ratio} | ${mib(m.idleMiB)} | ${mib(m.peakMiB)} | ${mib(r.growthMiB)} | ${grown(m)} | ${mib(m.afterGcMiB - m.idleMiB)} | ${mib(m.idlePageHeapMiB)} → ${mib(m.peakPageHeapMiB)} | ${mib(m.peakPageBuffersMiB)} | ${mib(m.peakWorkerHeapMiB)} | ${mib(m.peakWorkerBuffersMiB)} |`;
    }),
    ...fetched.map((f) => {
      const reference = cli.find((c) => c.photos === f.photos);
      const ratio = reference ? `${(f.mbPerSecond / reference.mbPerSecond).toFixed(2)}x` : '-';
      return `| download only, no ZIP | ${f.photos} | ${f.seconds.toFixed(1)} s | ${f.mbPerSecond.toFixed(0)} | ${ratio} | - | - | - | - | - | - | - | - | - |`;
    }),
    ...cli.map(
      (c) =>
        `| \`zip -0\` | ${c.photos} | ${c.seconds.toFixed(1)} s | ${c.mbPerSecond.toFixed(0)} | 1.00x | - | - | - | - | - | - | - | - | - |`,
    ),
    '',
  ];
  const summary: SummaryRow[] = PATHS.flatMap((way) =>
    zipSummary(
      `Browser, ${way}`,
      (count) => gallery.find((r) => r.path === way && r.photos === count),
      (count) => cli.find((c) => c.photos === count),
      BROWSER_THROUGHPUT_TARGET,
      throughputCause(fetched, cli),
      flatCause(gallery.filter((r) => r.path === way)),
    ),
  );
  return { lines, summary };
}
