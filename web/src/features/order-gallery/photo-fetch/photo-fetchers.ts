/**
 * The page's side of the ZIP's photo fetches, done in dedicated workers (photo-fetch-service.ts), each
 * ended after a few photos. Why: every fetch leaves Chromium objects behind (the request, the response,
 * its stream's reads), some 65 KiB per 8 MB photo, which its collector reclaims only when the heap
 * next needs room; the page itself allocates almost nothing while it zips (zip-blocks.ts), so that
 * moment did not come, and a tab making a 300-photo ZIP grew by tens of MiB of garbage, a 1000-photo
 * one by 80 (the ZIP bench). Ending a worker drops its whole heap at once, whatever the order's size.
 */
import type { FetchReply, FetchRequest } from './photo-fetch-protocol';
import type { BlockPool } from '../zip/zip-blocks';

/** Photos one worker fetches before the next worker takes over: its garbage stays a few MiB. */
export const PHOTOS_PER_WORKER = 20;

/** A photo whose fetch failed: `status` when the server answered without it. */
export class PhotoFetchFailed extends Error {
  override readonly name = 'PhotoFetchFailed';
  constructor(readonly status?: number) {
    super(status === undefined ? 'The photo could not be fetched' : `The photo answered ${status}`);
  }
}

export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

export const newPhotoFetchWorker = (): WorkerLike =>
  new Worker(new URL('./photo-fetch-worker.ts', import.meta.url), { type: 'module' });

/** One worker: a reply per request, matched by the photo's id (one request per photo at a time). */
class FetchWorker {
  private readonly waiting = new Map<number, (reply: FetchReply) => void>();
  /** Photos opened on this worker, and those whose body is still being read. */
  opened = 0;
  active = 0;
  retired = false;

  constructor(private readonly worker: WorkerLike) {
    worker.onmessage = ({ data }: MessageEvent<FetchReply>) => this.settle(data);
    // A worker that fails to start or dies fails whatever it was asked.
    worker.onerror = (event) => {
      event.preventDefault?.();
      for (const id of [...this.waiting.keys()]) this.settle({ type: 'failed', id, error: 'worker error' });
    };
  }

  ask(request: FetchRequest, transfer: Transferable[] = []): Promise<FetchReply> {
    return new Promise((resolve) => {
      this.waiting.set(request.id, resolve);
      this.worker.postMessage(request, transfer);
    });
  }

  tell(request: FetchRequest): void {
    this.worker.postMessage(request);
  }

  terminate(): void {
    this.worker.terminate();
    for (const id of [...this.waiting.keys()]) this.settle({ type: 'failed', id, error: 'worker ended' });
  }

  private settle(reply: FetchReply): void {
    const resolve = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    resolve?.(reply);
  }
}

const failure = (reply: FetchReply) =>
  new PhotoFetchFailed(reply.type === 'failed' ? reply.status : undefined);

/** Opens photos on the current worker, starting a new one every PHOTOS_PER_WORKER photos. */
export class PhotoFetchers {
  private current: FetchWorker | undefined;
  private nextId = 0;
  private readonly all = new Set<FetchWorker>();

  constructor(private readonly createWorker: () => WorkerLike = newPhotoFetchWorker) {}

  /**
   * Fetches a photo's headers; resolves to its body, read block by block into memory from `pool`,
   * once the server has answered with it. Rejects with PhotoFetchFailed otherwise.
   */
  async open(url: string): Promise<(pool: BlockPool) => AsyncGenerator<Uint8Array>> {
    const worker = this.workerForNextPhoto();
    const id = ++this.nextId;
    worker.opened++;
    worker.active++;
    const opened = await worker.ask({ type: 'open', id, url });
    if (opened.type !== 'opened') {
      this.finished(worker);
      throw failure(opened);
    }
    return (pool) => this.blocks(worker, id, pool);
  }

  /** Ends every worker (the ZIP is done or stopped). */
  close(): void {
    for (const worker of this.all) worker.terminate();
    this.all.clear();
    this.current = undefined;
  }

  private workerForNextPhoto(): FetchWorker {
    if (!this.current || this.current.opened >= PHOTOS_PER_WORKER) {
      if (this.current) this.retire(this.current);
      this.current = new FetchWorker(this.createWorker());
      this.all.add(this.current);
    }
    return this.current;
  }

  private async *blocks(worker: FetchWorker, id: number, pool: BlockPool): AsyncGenerator<Uint8Array> {
    let ended = false;
    try {
      for (;;) {
        const spare = pool.take().buffer;
        const reply = await worker.ask({ type: 'read', id, spare }, [spare]);
        if (reply.type === 'end') {
          ended = true;
          return;
        }
        if (reply.type !== 'block') {
          ended = true;
          throw failure(reply);
        }
        yield reply.block;
      }
    } finally {
      if (!ended) worker.tell({ type: 'close', id }); // stopped half-way: the worker drops the body
      this.finished(worker);
    }
  }

  private finished(worker: FetchWorker): void {
    worker.active--;
    if (worker.retired && worker.active === 0) this.end(worker);
  }

  private retire(worker: FetchWorker): void {
    worker.retired = true;
    if (worker.active === 0) this.end(worker);
  }

  private end(worker: FetchWorker): void {
    worker.terminate();
    this.all.delete(worker);
  }
}
