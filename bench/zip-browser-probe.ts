/**
 * Memory of headless Chromium while the gallery makes a ZIP, sampled every 200 ms:
 * - RSS of each renderer process (the page's, and the service worker's if it runs in another one),
 *   pids from the DevTools protocol's SystemInfo.getProcessInfo, VmRSS from /proc/{pid}/status;
 * - the JS heap (Runtime.getHeapUsage) of the page and of the download service worker.
 */
import { readFile } from 'node:fs/promises';
import type { Cdp } from './zip-browser-cdp';

const SAMPLE_MS = 200;
const MiB = 2 ** 20;

export interface MemoryPeaks {
  /** Sum of the renderers' RSS, idle (before the click) and highest while zipping. */
  idleRendererMiB: number;
  peakRendererMiB: number;
  idlePageHeapMiB: number;
  peakPageHeapMiB: number;
  /** Undefined when no download service worker ran (the File System Access path). */
  peakWorkerHeapMiB: number | undefined;
  samples: number;
  /** The renderers once the ZIP is done and both heaps have been collected: what is really kept. */
  afterGcRendererMiB: number;
}

async function rssMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process has ended
  }
}

export async function renderersMiB(cdp: Cdp): Promise<number> {
  const { processInfo } = await cdp.send<{ processInfo: { type: string; id: number }[] }>(
    'SystemInfo.getProcessInfo',
  );
  const sizes = await Promise.all(processInfo.filter((p) => p.type === 'renderer').map((p) => rssMiB(p.id)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const heapMiB = async (cdp: Cdp, sessionId: string) =>
  (await cdp.send<{ usedSize: number }>('Runtime.getHeapUsage', {}, sessionId)).usedSize / MiB;

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

/** Takes the idle figures now (after a GC), then samples until `stop()`, which gives the peaks. */
export async function watchMemory(
  cdp: Cdp,
  page: { sessionId: string; browserContextId: string },
  options: { worker: boolean },
): Promise<() => Promise<MemoryPeaks>> {
  await cdp.send('HeapProfiler.collectGarbage', {}, page.sessionId);
  const idleRendererMiB = await renderersMiB(cdp);
  const idlePageHeapMiB = await heapMiB(cdp, page.sessionId);
  const peaks = {
    renderer: idleRendererMiB,
    pageHeap: idlePageHeapMiB,
    workerHeap: undefined as number | undefined,
  };
  let worker: string | undefined;
  let samples = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      if (options.worker) worker ??= await workerSession(cdp, page.browserContextId).catch(() => undefined);
      const [renderer, pageHeap, workerHeap] = await Promise.all([
        renderersMiB(cdp),
        heapMiB(cdp, page.sessionId).catch(() => 0),
        worker ? heapMiB(cdp, worker).catch(() => undefined) : undefined,
      ]);
      peaks.renderer = Math.max(peaks.renderer, renderer);
      peaks.pageHeap = Math.max(peaks.pageHeap, pageHeap);
      if (workerHeap !== undefined) peaks.workerHeap = Math.max(peaks.workerHeap ?? 0, workerHeap);
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
    const afterGcRendererMiB = await renderersMiB(cdp);
    return {
      afterGcRendererMiB,
      idleRendererMiB,
      peakRendererMiB: peaks.renderer,
      idlePageHeapMiB,
      peakPageHeapMiB: peaks.pageHeap,
      peakWorkerHeapMiB: peaks.workerHeap,
      samples,
    };
  };
}
