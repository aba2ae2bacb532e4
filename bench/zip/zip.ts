/**
 * 'Download ZIP' for big orders, measured in Node: peak memory and time of the gallery's streamed ZIP
 * for 50 and 300 photos of 8 MB (random bytes, incompressible like JPEGs), beside `zip -0` on the
 * same files. The photos are served over loopback HTTP by this process; the ZIP runs in a child
 * process (bench/zip/zip-worker.ts) whose peak is its own memory map's high-water mark (VmHWM).
 * Targets: peak at most 150 MiB above the worker's idle RSS, flat from 50 to 300 photos,
 * and at least 0.6x the throughput of `zip -0` (best of 3 runs each).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BenchSection, type SummaryRow } from '../summary';

export const PHOTO_BYTES = 8 * 1024 * 1024;
/** ZIP_BENCH_COUNTS (e.g. "3,5") tries the bench quickly on smaller orders; the report's runs use 50 and 300. */
export const COUNTS: readonly number[] = process.env.ZIP_BENCH_COUNTS?.split(',').map(Number) ?? [50, 300];
/** Runs per tool and order size: throughput is the best of them, memory the highest. */
export const RUNS = 3;
const ZIP_CLI = '`zip -0`';
const DOWNLOAD_ONLY = 'download only, no ZIP';
export const PEAK_TARGET_MIB = 150;
/** Flat: the 300-photo peak at most this much above the 50-photo one (RSS moves a few MiB run to run). */
export const FLAT_TOLERANCE_MIB = 16;
export const NODE_THROUGHPUT_TARGET = 0.6;

export interface ZipMeasure {
  tool: string;
  photos: number;
  payloadMB: number;
  /** Best of the runs. */
  seconds: number;
  mbPerSecond: number;
  /** Highest of the runs. */
  peakRssMiB: number | undefined;
  /** Peak above the worker's RSS just before zipping (Node, tsx and the ZIP code loaded). */
  growthMiB?: number;
  /** Highest heapUsed / external / arrayBuffers sampled while zipping. */
  parts?: { heapUsed: number; external: number; arrayBuffers: number };
}

export async function makePhotos(dir: string, count: number): Promise<string[]> {
  const buffer = Buffer.alloc(PHOTO_BYTES);
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    randomFillSync(buffer);
    const file = path.join(dir, `photo-${i}.jpg`);
    await writeFile(file, buffer);
    files.push(file);
  }
  return files;
}

/** A ZIP's last bytes that can hold its end records and a central directory of a few hundred entries. */
export const ZIP_TAIL_BYTES = 256 * 1024;

/**
 * The number of entries of a ZIP, from its end-of-central-directory record (the ZIP64 one when the
 * plain record says 0xFFFF or 0xFFFFFFFF), given its last bytes and its size. The central directory's
 * offset must point at a central header (when it lies within the tail): a truncated archive, or one
 * whose offsets are wrong, throws.
 */
export function zipEntryCountOfTail(tail: Buffer, fileSize: number): number {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  let entries = tail.readUInt16LE(eocd + 10);
  let directory = tail.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directory === 0xffffffff) {
    const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    if (zip64 < 0) throw new Error('no ZIP64 end of central directory');
    entries = Number(tail.readBigUInt64LE(zip64 + 32));
    directory = Number(tail.readBigUInt64LE(zip64 + 48));
  }
  const at = directory - (fileSize - tail.length);
  if (entries > 0 && at >= 0 && tail.readUInt32LE(at) !== 0x02014b50)
    throw new Error(`no central directory header at offset ${directory}`);
  return entries;
}

export async function zipEntryCount(file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailBytes = Math.min(size, ZIP_TAIL_BYTES);
    const tail = Buffer.alloc(tailBytes);
    await handle.read(tail, 0, tailBytes, size - tailBytes);
    return zipEntryCountOfTail(tail, size);
  } finally {
    await handle.close();
  }
}

/** `unzip -t` reads every entry back and checks its CRC-32 (skipped when unzip is not installed). */
export function testWithUnzip(file: string): void {
  const result = spawnSync('unzip', ['-tqq', file], { encoding: 'utf8' });
  if (result.error) return;
  if (result.status !== 0) throw new Error(`unzip -t ${file}: ${result.stdout}${result.stderr}`);
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? ''));
    stat(file).then(
      ({ size }) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': size });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface WorkerResult {
  ms: number;
  bytes: number;
  idleRssMiB: number;
  peakRssMiB: number;
  peakHeapUsedMiB: number;
  peakExternalMiB: number;
  peakArrayBuffersMiB: number;
}

function runWorker(output: string, urls: string[], downloadOnly = false): Promise<WorkerResult> {
  const args = ['--import', 'tsx', path.resolve('bench/zip/zip-worker.ts'), output];
  return new Promise((resolve, reject) => {
    const worker = spawn(process.execPath, downloadOnly ? [...args, '--download-only'] : args, {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    worker.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as WorkerResult) : reject(new Error(`zip worker exited ${code}`)),
    );
    worker.stdin.end(JSON.stringify(urls));
  });
}

/** `zip -0` (store only) on the same files; peak RSS through GNU time when it is there. */
export function runZipCli(
  output: string,
  files: string[],
  dir: string,
): { seconds: number; peakRssMiB: number | undefined } {
  const timeTool = existsSync('/usr/bin/time');
  const args = ['-0', '-q', '-j', output, ...files.map((f) => path.basename(f))];
  const started = performance.now();
  const result = timeTool
    ? spawnSync('/usr/bin/time', ['-f', '%M', 'zip', ...args], { cwd: dir, encoding: 'utf8' })
    : spawnSync('zip', args, { cwd: dir, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`zip failed: ${result.stderr}`);
  const kb = timeTool ? Number(result.stderr.trim().split('\n').pop()) : NaN;
  return { seconds, peakRssMiB: Number.isFinite(kb) ? kb / 1024 : undefined };
}

export const hasZipCli = () => spawnSync('zip', ['-v'], { encoding: 'utf8' }).status === 0;

/** `zip -0` on the files, best time of RUNS. */
export async function measureZipCli(files: string[], dir: string): Promise<ZipMeasure> {
  const output = path.join(dir, `zip-cli-${files.length}.zip`);
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    runs.push(runZipCli(output, files, dir));
    await rm(output);
  }
  const seconds = Math.min(...runs.map((r) => r.seconds));
  const payloadMB = (files.length * PHOTO_BYTES) / 1e6;
  const peaks = runs.flatMap((r) => (r.peakRssMiB === undefined ? [] : [r.peakRssMiB]));
  return {
    tool: ZIP_CLI,
    photos: files.length,
    payloadMB,
    seconds,
    mbPerSecond: payloadMB / seconds,
    peakRssMiB: peaks.length ? Math.max(...peaks) : undefined,
  };
}

async function measureGallery(files: string[], dir: string, port: number): Promise<ZipMeasure> {
  const count = files.length;
  const output = path.join(dir, `gallery-${count}.zip`);
  const urls = files.map((f) => `http://127.0.0.1:${port}/${path.basename(f)}`);
  const runs: WorkerResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await runWorker(output, urls);
    if (result.bytes < count * PHOTO_BYTES)
      throw new Error(`ZIP of ${count} photos is too small: ${result.bytes}`);
    const entries = await zipEntryCount(output);
    if (entries !== count) throw new Error(`ZIP of ${count} photos has ${entries} entries`);
    if (run === 0) testWithUnzip(output);
    await rm(output);
    runs.push(result);
  }
  const seconds = Math.min(...runs.map((r) => r.ms)) / 1000;
  const payloadMB = (count * PHOTO_BYTES) / 1e6;
  const highest = (pick: (r: WorkerResult) => number) => Math.max(...runs.map(pick));
  return {
    tool: 'gallery ZIP (streamed)',
    photos: count,
    payloadMB,
    seconds,
    mbPerSecond: payloadMB / seconds,
    peakRssMiB: highest((r) => r.peakRssMiB),
    growthMiB: highest((r) => r.peakRssMiB - r.idleRssMiB),
    parts: {
      heapUsed: highest((r) => r.peakHeapUsedMiB),
      external: highest((r) => r.peakExternalMiB),
      arrayBuffers: highest((r) => r.peakArrayBuffersMiB),
    },
  };
}

/** The same process only fetching the photos (no ZIP, no disk), best of RUNS: the ceiling. */
async function measureDownloadOnly(files: string[], dir: string, port: number): Promise<ZipMeasure> {
  const urls = files.map((f) => `http://127.0.0.1:${port}/${path.basename(f)}`);
  const payloadMB = (files.length * PHOTO_BYTES) / 1e6;
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const result = await runWorker(path.join(dir, 'unused'), urls, true);
    if (result.bytes !== files.length * PHOTO_BYTES)
      throw new Error(`Downloaded ${result.bytes} bytes of ${files.length} photos`);
    best = Math.min(best, result.ms / 1000);
  }
  return {
    tool: DOWNLOAD_ONLY,
    photos: files.length,
    payloadMB,
    seconds: best,
    mbPerSecond: payloadMB / best,
    peakRssMiB: undefined,
  };
}

export async function measureZip(): Promise<ZipMeasure[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-zip-bench-'));
  const results: ZipMeasure[] = [];
  try {
    const files = await makePhotos(dir, Math.max(...COUNTS));
    const server = await serve(dir);
    const { port } = server.address() as AddressInfo;
    try {
      for (const count of COUNTS) {
        const subset = files.slice(0, count);
        results.push(await measureGallery(subset, dir, port));
        results.push(await measureDownloadOnly(subset, dir, port));
        if (hasZipCli()) results.push(await measureZipCli(subset, dir));
      }
    } finally {
      server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

const mib = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(0)} MiB`);

/** The summary rows of a measure: peak per order size, flatness, throughput against `zip -0`. */
export function zipSummary(
  label: string,
  gallery: (count: number) => ZipMeasure | undefined,
  cli: (count: number) => ZipMeasure | undefined,
  throughputTarget: number,
  /** Why a missed throughput misses, as the section measured it. */
  throughputCause?: string,
  /** Why a peak that is not flat grows, as the section measured it. */
  flatCause?: string,
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const count of COUNTS) {
    const run = gallery(count);
    rows.push({
      figure: `${label}: ZIP of ${count} × 8 MB, peak memory above idle`,
      target: `≤ ${PEAK_TARGET_MIB} MiB`,
      now: mib(run?.growthMiB),
      met: run?.growthMiB !== undefined && run.growthMiB <= PEAK_TARGET_MIB,
      gate: true,
    });
  }
  const [small, big] = COUNTS.map((count) => gallery(count)?.growthMiB);
  rows.push({
    figure: `${label}: ZIP peak memory, ${COUNTS.join(' → ')} photos`,
    target: `flat (within ${FLAT_TOLERANCE_MIB} MiB)`,
    now: small === undefined || big === undefined ? '-' : `${mib(small)} → ${mib(big)}`,
    met: small !== undefined && big !== undefined && big - small <= FLAT_TOLERANCE_MIB,
    gate: true,
    ...(flatCause && { cause: flatCause }),
  });
  const ratios = COUNTS.map((count) => {
    const [run, reference] = [gallery(count), cli(count)];
    return run && reference ? run.mbPerSecond / reference.mbPerSecond : undefined;
  });
  rows.push({
    figure: `${label}: ZIP throughput vs \`zip -0\` (${COUNTS.join(', ')} photos)`,
    target: `≥ ${throughputTarget}x`,
    now: ratios.map((r) => (r === undefined ? '-' : `${r.toFixed(2)}x`)).join(', '),
    met: ratios.every((r) => r !== undefined && r >= throughputTarget),
    ...(throughputCause && { cause: throughputCause }),
  });
  return rows;
}

/**
 * The measured ceiling: the same process only fetching the photos over loopback. What the ZIP adds on
 * top is the CRC-32 in JavaScript and the awaited disk writes.
 */
function nodeThroughputCause(
  downloads: (count: number) => ZipMeasure | undefined,
  cli: (count: number) => ZipMeasure | undefined,
): string {
  const ceilings = COUNTS.map((count) => {
    const [fetched, reference] = [downloads(count), cli(count)];
    const ratio = fetched && reference ? (fetched.mbPerSecond / reference.mbPerSecond).toFixed(2) : '-';
    return `${count} photos ${ratio}x`;
  });
  return (
    `only fetching the photos over loopback, no ZIP and no disk, reaches ${ceilings.join(', ')} of \`zip -0\`: ` +
    "the bench's file server and the fetch share this machine's cores, where `zip -0` reads a warm page " +
    'cache; the ZIP adds the CRC-32 in JavaScript and the awaited disk writes. What would meet it: the ' +
    'photos served from another machine (as S3 is), and a faster CRC (WebAssembly).'
  );
}

/** The report's section: each run, where the memory is, then the summary rows. */
export function zipSection(results: ZipMeasure[]): BenchSection {
  const gallery = (count: number) => results.find((r) => r.photos === count && r.growthMiB !== undefined);
  const cli = (count: number) => results.find((r) => r.photos === count && r.tool === ZIP_CLI);
  const downloads = (count: number) => results.find((r) => r.photos === count && r.tool === DOWNLOAD_ONLY);
  const lines = [
    '## Gallery ZIP of big orders, Node measure',
    '',
    "The gallery's own ZIP code (`web/src/features/order-gallery/zip/zip.ts`) run in Node in a child process",
    '(no heap limit): photos of 8 MB (random bytes) fetched over loopback HTTP one at a time (next',
    "request's headers ahead), the archive written to disk chunk by chunk, each write awaited, as the",
    "File System Access stream does. Peak is the worker's VmHWM (its own memory map's high-water mark,",
    "Node and tsx included); growth is peak minus its RSS just before zipping. (getrusage's maxRSS is",
    "not used: Linux carries it across fork and exec, so it reported the bench process's own size.)",
    'heapUsed, external and arrayBuffers are the highest values sampled every 50 ms while zipping.',
    `Each size runs ${RUNS} times: time is the best run, memory the highest. \`zip -0\` on the same files`,
    '(page cache warm), peak RSS from GNU time. The archive is checked: size at least the payload, as',
    'many entries in its central directory as photos, and `unzip -t` (every CRC) on the first run.',
    '*Download only* is the same child process fetching the same photos one after another and dropping',
    'their bytes (no ZIP, no disk), best of as many runs: the ceiling the fetch and the file server leave.',
    '',
    '| tool | photos | payload | time | MB/s | peak RSS | growth | heapUsed | external | arrayBuffers |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.tool} | ${r.photos} | ${r.payloadMB.toFixed(0)} MB | ${r.seconds.toFixed(1)} s | ${r.mbPerSecond.toFixed(0)} | ${mib(r.peakRssMiB)} | ${mib(r.growthMiB)} | ${mib(r.parts?.heapUsed)} | ${mib(r.parts?.external)} | ${mib(r.parts?.arrayBuffers)} |`,
    ),
    '',
  ];
  return {
    lines,
    summary: zipSummary('Node', gallery, cli, NODE_THROUGHPUT_TARGET, nodeThroughputCause(downloads, cli)),
  };
}
