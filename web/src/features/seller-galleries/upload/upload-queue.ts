/**
 * The seller's upload queue for a gallery: its files and what the device keeps of them
 * (upload-store.ts), sent a few at a time with retries and the network's ups and downs
 * (upload-scheduler.ts). This class joins the two for the page, and decides which tab sends the files
 * kept on the device.
 *
 * Tabs: the same gallery open in two tabs (or the installed app window and a tab) would each put back,
 * and send, the files kept on the device, twice the traffic on a one-bar network. So a queue puts back
 * the kept files only while it holds the gallery's tab lock (tab-lock.ts), asked for on the first
 * `restore()` and held for the queue's life; a queue that waits for it sends only the files added to it,
 * and puts back the rest when the holding tab goes away.
 */
import type { ApiClient } from '../../../lib/api-client';
import { memoryStore, type KeyValueStore } from '../../../lib/device-store';
import type { PutFile } from '../../../lib/signed-put';
import { browserTabLock, type TabLock } from '../../../lib/tab-lock';
import { UploadScheduler, type SchedulerOptions } from './upload-scheduler';
import { discardMultipartUpload, signedPutStep, type Quality } from './upload-step';
import {
  asFile,
  isPending,
  queueFile,
  UploadStore,
  type QueuedFile,
  type StoredUpload,
} from './upload-store';

export interface UploadQueueOptions extends SchedulerOptions {
  /** Where queued files are kept; in memory unless given (the browser's is IndexedDB). */
  store?: KeyValueStore<StoredUpload>;
  /** Which tab puts back the kept files; navigator.locks unless given (at once where there is none). */
  lock?: TabLock;
  /** While another tab holds the kept files: how often to count them again for the page. */
  keptCheckMs?: number;
}

/** The name of a gallery's tab lock: one tab at a time sends the files kept for the gallery. */
export const uploadLockName = (galleryId: string) => `shutterlane-uploads-${galleryId}`;

const KEPT_CHECK_MS = 3000;

export class UploadQueue {
  readonly galleryId: string;
  /** The files, a new array after every change (for useSyncExternalStore). */
  readonly getSnapshot: () => readonly QueuedFile[];
  readonly subscribe: (listener: () => void) => () => void;
  private readonly files: UploadStore;
  private readonly scheduler: UploadScheduler;
  private restored: Promise<void> | null = null;
  /** Whether this queue holds the gallery's tab lock: none until restore() asks for it. */
  private tab: 'none' | 'waiting' | 'held' = 'none';
  private releaseLock: () => void = () => undefined;
  private endRestore: () => void = () => undefined;
  private keptElsewhere = 0;
  private keptTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly removals = new Set<Promise<void>>();
  private disposed = false;

  constructor(private readonly options: UploadQueueOptions) {
    this.galleryId = options.galleryId;
    this.files = new UploadStore(options.galleryId, options.store ?? memoryStore());
    this.scheduler = new UploadScheduler(this.files, options);
    this.getSnapshot = this.files.getSnapshot;
    this.subscribe = this.files.subscribe;
  }

  /** The month's counts from the API's latest answer, for the usage bar. */
  get usage(): { used: number; limit: number } | null {
    return this.scheduler.usage;
  }

  isOnline(): boolean {
    return this.scheduler.isOnline();
  }

  /**
   * Puts back the files kept on the device for this gallery (once) and starts on them, as soon as this
   * queue holds the gallery's tab lock: at once unless another tab holds it. Resolves once they are
   * back (or the queue is disposed first).
   */
  restore(): Promise<void> {
    this.restored ??= new Promise<void>((resolve) => {
      this.endRestore = resolve;
      this.releaseLock = (this.options.lock ?? browserTabLock()).request(uploadLockName(this.galleryId), {
        held: () => {
          if (this.disposed) return;
          this.tab = 'held';
          this.stopCountingKept();
          resolve(this.putBack());
        },
        waiting: () => {
          if (this.disposed || this.tab === 'held') return;
          this.tab = 'waiting';
          void this.countKept();
        },
      });
    });
    return this.restored;
  }

  /**
   * How many files kept on the device for this gallery another tab sends (it holds the lock): counted
   * while this queue waits for the lock, 0 otherwise. Files that failed for good are not counted.
   */
  keptInAnotherTab(): number {
    return this.tab === 'waiting' ? this.keptElsewhere : 0;
  }

  /** The kept files this queue does not know of (added in other tabs, or before a reload). */
  private async putBack(): Promise<void> {
    const back = (await this.files.unknownKept()).map((s): QueuedFile => ({
      ...queueFile(asFile(s.file), s.quality),
      clientFileId: s.clientFileId,
      ...(s.multipartPhotoId && { multipartPhotoId: s.multipartPhotoId, photoId: s.multipartPhotoId }),
      ...(s.failure ? { state: 'failed', error: s.failure } : { state: this.scheduler.queuedState() }),
    }));
    this.files.prepend(back);
    this.scheduler.pump();
  }

  /** While waiting for the lock: counts the kept files of other tabs now and then, for the page. */
  private async countKept(): Promise<void> {
    const kept = await this.files.unknownKept().catch(() => []);
    if (this.tab !== 'waiting' || this.disposed) return;
    const count = kept.filter((s) => !s.failure).length;
    if (count !== this.keptElsewhere) {
      this.keptElsewhere = count;
      this.files.changed();
    }
    this.keptTimer = setTimeout(() => void this.countKept(), this.options.keptCheckMs ?? KEPT_CHECK_MS);
  }

  private stopCountingKept() {
    clearTimeout(this.keptTimer);
    if (this.keptElsewhere === 0) return;
    this.keptElsewhere = 0;
    this.files.changed();
  }

  /** Queues files (kept on the device first); a new batch clears the list of the last one's done files. */
  add(files: readonly File[], quality: Quality): QueuedFile[] {
    return this.enqueue(files.map((file) => queueFile(file, quality)));
  }

  /** Queues files already made into queue items (their clientFileId kept). */
  enqueue(added: QueuedFile[]): QueuedFile[] {
    if (added.length === 0) return added;
    for (const item of added) {
      if (item.state === 'waiting') item.state = this.scheduler.queuedState();
      this.files.keep(item);
    }
    this.files.append(added);
    this.scheduler.pump();
    return added;
  }

  /** Tries failed files again (all of them, or those named), from their first attempt. */
  retry(clientFileIds?: readonly string[]): void {
    for (const item of this.files.files) {
      if (item.state !== 'failed') continue;
      if (clientFileIds && !clientFileIds.includes(item.clientFileId)) continue;
      Object.assign(item, { state: this.scheduler.queuedState(), loaded: 0, attempt: 0, error: undefined });
      this.files.keep(item);
    }
    this.files.changed();
    this.scheduler.pump();
  }

  /**
   * Takes a file off the queue and the device. A file in one PUT is not taken while it is being sent
   * (the PUT runs to its end); a multipart upload is stopped and aborted, so S3 keeps none of its parts.
   */
  remove(clientFileId: string): void {
    const item = this.files.find(clientFileId);
    if (!item) return;
    const sending = this.scheduler.sendingOf(clientFileId);
    if (sending && !item.multipartPhotoId) return;
    this.files.take(item);
    const removal = (async () => {
      if (sending) {
        sending.stop.abort();
        await sending.ended;
      }
      // Where the device is offline the abort fails; the bucket's lifecycle rule removes the parts.
      if (item.multipartPhotoId && item.state !== 'done')
        await discardMultipartUpload(this.options.api, this.galleryId, item.multipartPhotoId).catch(
          () => undefined,
        );
      await this.files.forget(item);
    })();
    this.removals.add(removal);
    void removal.finally(() => this.removals.delete(removal));
  }

  /** Resolves once the files removed so far are off the device (and their multipart uploads aborted). */
  async removed(): Promise<void> {
    await Promise.all([...this.removals]);
  }

  /** Resolves once no file is waiting or being sent (files waiting for the network keep it waiting). */
  async idle(): Promise<void> {
    while (this.scheduler.busy() || this.files.files.some(isPending)) {
      await new Promise<void>((resolve) => {
        const stop = this.subscribe(() => {
          stop();
          resolve();
        });
      });
    }
  }

  /**
   * Stops listening to the network and starts nothing more (sends under way run to their end); gives
   * the gallery's tab lock up, so another tab puts back the kept files.
   */
  dispose(): void {
    this.disposed = true;
    this.scheduler.stop();
    clearTimeout(this.keptTimer);
    this.releaseLock();
    this.endRestore();
  }
}

export interface RunOptions {
  api: ApiClient;
  galleryId: string;
  quality: Quality;
  put?: PutFile;
  /** Called on every change of a file; the caller re-renders. */
  onChange: (file: QueuedFile) => void;
  /** Called with the counts the API returned, for the usage bar. */
  onUsage?: (usage: { used: number; limit: number }) => void;
  retryDelayMs?: number;
}

/**
 * Uploads one batch in memory, UPLOAD_CONCURRENCY at a time; resolves when every file is done or failed.
 * The queue without the device: for callers that upload a few files and wait (and this module's tests).
 */
export async function runUploads(files: QueuedFile[], options: RunOptions): Promise<void> {
  const queue = new UploadQueue({
    api: options.api,
    galleryId: options.galleryId,
    stepFor: () => signedPutStep(options.put),
    ...(options.retryDelayMs !== undefined && { retryDelayMs: options.retryDelayMs }),
  });
  let reported: { used: number; limit: number } | null = null;
  const stop = queue.subscribe(() => {
    for (const file of files) options.onChange(file);
    if (queue.usage && queue.usage !== reported) options.onUsage?.((reported = queue.usage));
  });
  for (const file of files) file.quality = options.quality;
  queue.enqueue(files);
  await queue.idle();
  stop();
  queue.dispose();
}
