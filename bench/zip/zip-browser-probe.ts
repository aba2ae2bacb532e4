/**
 * Memory of headless Chromium while the gallery makes a ZIP, sampled every 200 ms:
 * - RSS of every Chromium process (the browser process, which writes the download; the renderers,
 *   the page's and the service worker's; the GPU, network and storage service processes), pids from
 *   the DevTools protocol's SystemInfo.getProcessInfo, VmRSS from /proc/{pid}/status. The figure is
 *   their sum (COUNTED_KINDS), so memory that grows anywhere because of the page counts, whichever
 *   process holds it;
 * - the JS heap (Runtime.getHeapUsage) of the page and of the download service worker, and the
 *   memory behind their ArrayBuffers (its backingStorageSize), which lies outside the heap.
 */
import { readFile } from 'node:fs/promises';
import type { Cdp } from './zip-browser-cdp';

const SAMPLE_MS = 200;
const MiB = 2 ** 20;

export interface MemoryPeaks {
  /** Sum of all Chromium processes' RSS: idle (before the click), highest while zipping, after GC. */
  idleMiB: number;
  peakMiB: number;
  /** Once the ZIP is done and both heaps have been collected: what is really kept. */
  afterGcMiB: number;
  /** Per process kind (browser, renderer, GPU, NetworkService...): highest RSS minus idle. */
  growthByKindMiB: Record<string, number>;
  idlePageHeapMiB: number;
  peakPageHeapMiB: number;
  /** The page's ArrayBuffer memory (outside the JS heap), highest. */
  peakPageBuffersMiB: number | undefined;
  /** Undefined when no download service worker ran (the File System Access path). */
  peakWorkerHeapMiB: number | undefined;
  peakWorkerBuffersMiB: number | undefined;
  samples: number;
}

async function rssMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process has ended
  }
}

/** 'network.mojom.NetworkService' → 'NetworkService'. */
const kindOf = (type: string) => type.split('.').pop()!;

/** RSS of each kind of Chromium process, summed over the processes of that kind. */
export async function chromiumMiB(cdp: Cdp): Promise<Record<string, number>> {
  const { processInfo } = await cdp.send<{ processInfo: { type: string; id: number }[] }>(
    'SystemInfo.getProcessInfo',
  );
  const sizes = await Promise.all(
    processInfo.map(async (p) => [kindOf(p.type), await rssMiB(p.id)] as const),
  );
  const byKind: Record<string, number> = {};
  for (const [kind, size] of sizes) byKind[kind] = (byKind[kind] ?? 0) + size;
  return byKind;
}

/**
 * The processes that carry the page and its work: the browser process (which writes the download and
 * the picked file), the renderers (the page's, the worker's, any new one), the GPU process and the
 * network and storage services. Other kinds are Chromium's own background services (e.g. the
 * OnDeviceModelService it may start mid-run, whatever the page does): shown apart, not summed.
 */
export const COUNTED_KINDS = ['browser', 'renderer', 'GPU', 'NetworkService', 'StorageService'];

const total = (byKind: Record<string, number>) =>
  Object.entries(byKind)
    .filter(([kind]) => COUNTED_KINDS.includes(kind))
    .reduce((sum, [, size]) => sum + size, 0);

interface HeapUsage {
  usedSize: number;
  backingStorageSize?: number;
}

const heapUsage = async (cdp: Cdp, sessionId: string) => {
  const usage = await cdp.send<HeapUsage>('Runtime.getHeapUsage', {}, sessionId);
  return {
    heap: usage.usedSize / MiB,
    buffers: usage.backingStorageSize === undefined ? undefined : usage.backingStorageSize / MiB,
  };
};

/** The download worker's session, once its target exists. */
async function workerSession(cdp: Cdp, browserContextId: string): Promise<string | undefined> {
  const { targetInfos } = await cdp.send<{
    targetInfos: { targetId: string; type: string; url: string; browserContextId: string }[];
  }>('Target.getTargets');
  const worker = targetInfos.find(
    (t) =>
      t.type === 'service_worker' &&
      t.browserContextId === browserContextId &&
      t.url.endsWith('/zip-download-sw.js'),
  );
  return worker ? cdp.attach(worker.targetId) : undefined;
}

const higher = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** Takes the idle figures now (after a GC), then samples until `stop()`, which gives the peaks. */
export async function watchMemory(
  cdp: Cdp,
  page: { sessionId: string; browserContextId: string },
  options: { worker: boolean },
): Promise<() => Promise<MemoryPeaks>> {
  await cdp.send('HeapProfiler.collectGarbage', {}, page.sessionId);
  const idleByKind = await chromiumMiB(cdp);
  const idlePage = await heapUsage(cdp, page.sessionId);
  const peaks = {
    all: total(idleByKind),
    byKind: { ...idleByKind },
    pageHeap: idlePage.heap,
    pageBuffers: idlePage.buffers,
    workerHeap: undefined as number | undefined,
    workerBuffers: undefined as number | undefined,
  };
  let worker: string | undefined;
  let samples = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      if (options.worker) worker ??= await workerSession(cdp, page.browserContextId).catch(() => undefined);
      const [byKind, pageUsage, workerUsage] = await Promise.all([
        chromiumMiB(cdp),
        heapUsage(cdp, page.sessionId).catch(() => undefined),
        worker ? heapUsage(cdp, worker).catch(() => undefined) : undefined,
      ]);
      peaks.all = Math.max(peaks.all, total(byKind));
      for (const [kind, size] of Object.entries(byKind))
        peaks.byKind[kind] = Math.max(peaks.byKind[kind] ?? 0, size);
      peaks.pageHeap = Math.max(peaks.pageHeap, pageUsage?.heap ?? 0);
      peaks.pageBuffers = higher(peaks.pageBuffers, pageUsage?.buffers);
      peaks.workerHeap = higher(peaks.workerHeap, workerUsage?.heap);
      peaks.workerBuffers = higher(peaks.workerBuffers, workerUsage?.buffers);
      samples++;
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return async () => {
    running = false;
    await sampling;
    await Promise.all(
      [page.sessionId, worker].map((sessionId) =>
        sessionId ? cdp.send('HeapProfiler.collectGarbage', {}, sessionId).catch(() => undefined) : undefined,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const growthByKindMiB = Object.fromEntries(
      Object.entries(peaks.byKind).map(([kind, peak]) => [kind, peak - (idleByKind[kind] ?? 0)]),
    );
    return {
      idleMiB: total(idleByKind),
      peakMiB: peaks.all,
      afterGcMiB: total(await chromiumMiB(cdp)),
      growthByKindMiB,
      idlePageHeapMiB: idlePage.heap,
      peakPageHeapMiB: peaks.pageHeap,
      peakPageBuffersMiB: peaks.pageBuffers,
      peakWorkerHeapMiB: peaks.workerHeap,
      peakWorkerBuffersMiB: peaks.workerBuffers,
      samples,
    };
  };
}
