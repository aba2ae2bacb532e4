/**
 * Memory of a headless Chromium while the gallery makes a ZIP, sampled every 200 ms:
 * - RSS of each renderer process (the page's, and the service worker's when it has its own), read
 *   from /proc/{pid}/status with the pids from the DevTools protocol's SystemInfo.getProcessInfo;
 * - the JS heap (Runtime.getHeapUsage) of the page and of the download service worker, the worker
 *   reached through the browser's Target domain (attached, messages sent through sendMessageToTarget).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';

const SAMPLE_MS = 200;
const MiB = 2 ** 20;

export interface MemoryPeaks {
  /** Sum of the renderers' RSS, idle (before the click) and highest while zipping. */
  idleRendererMiB: number;
  peakRendererMiB: number;
  idlePageHeapMiB: number;
  peakPageHeapMiB: number;
  /** Undefined when no service worker ran (the File System Access path) or it could not be reached. */
  peakWorkerHeapMiB: number | undefined;
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

async function rendererPids(browserSession: CDPSession): Promise<number[]> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

async function renderersMiB(browserSession: CDPSession): Promise<number> {
  const sizes = await Promise.all((await rendererPids(browserSession)).map(rssMiB));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const heapMiB = async (session: CDPSession) =>
  ((await session.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / MiB;

/** The download worker's heap, through a non-flat attachment to its target (playwright has no SW sessions). */
class WorkerHeap {
  private sessionId: string | undefined;
  private nextId = 1;
  private waiting = new Map<number, (message: { result?: { usedSize: number } }) => void>();

  constructor(private readonly browserSession: CDPSession) {
    browserSession.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message);
    });
  }

  private async attach(): Promise<string | undefined> {
    if (this.sessionId) return this.sessionId;
    const { targetInfos } = (await this.browserSession.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const worker = targetInfos.find(
      (t) => t.type === 'service_worker' && t.url.endsWith('/zip-download-sw.js'),
    );
    if (!worker) return undefined;
    const { sessionId } = (await this.browserSession.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    })) as { sessionId: string };
    this.sessionId = sessionId;
    return sessionId;
  }

  async usedMiB(): Promise<number | undefined> {
    const sessionId = await this.attach();
    if (!sessionId) return undefined;
    const id = this.nextId++;
    const answer = new Promise<{ result?: { usedSize: number } }>((resolve) => this.waiting.set(id, resolve));
    await this.browserSession.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
    });
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000));
    const message = await Promise.race([answer, timeout]);
    this.waiting.delete(id);
    return message?.result ? message.result.usedSize / MiB : undefined;
  }
}

/** Takes the idle figures now, then samples until `stop()`, which gives the peaks. */
export async function watchMemory(browser: Browser, page: Page): Promise<() => Promise<MemoryPeaks>> {
  const browserSession = await browser.newBrowserCDPSession();
  const pageSession = await page.context().newCDPSession(page);
  await pageSession.send('HeapProfiler.collectGarbage');
  const idleRendererMiB = await renderersMiB(browserSession);
  const idlePageHeapMiB = await heapMiB(pageSession);
  const workerHeap = new WorkerHeap(browserSession);
  const peaks = {
    renderer: idleRendererMiB,
    pageHeap: idlePageHeapMiB,
    workerHeap: undefined as number | undefined,
  };
  let samples = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const [renderer, pageHeap, worker] = await Promise.all([
        renderersMiB(browserSession),
        heapMiB(pageSession).catch(() => 0),
        workerHeap.usedMiB().catch(() => undefined),
      ]);
      peaks.renderer = Math.max(peaks.renderer, renderer);
      peaks.pageHeap = Math.max(peaks.pageHeap, pageHeap);
      if (worker !== undefined) peaks.workerHeap = Math.max(peaks.workerHeap ?? 0, worker);
      samples++;
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return async () => {
    running = false;
    await sampling;
    await Promise.all([browserSession.detach(), pageSession.detach()]);
    return {
      idleRendererMiB,
      peakRendererMiB: peaks.renderer,
      idlePageHeapMiB,
      peakPageHeapMiB: peaks.pageHeap,
      peakWorkerHeapMiB: peaks.workerHeap,
      samples,
    };
  };
}
