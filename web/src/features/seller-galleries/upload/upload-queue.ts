/**
 * The seller's upload queue for a gallery. Queued files are kept on the device (a KeyValueStore, in
 * the browser IndexedDB, which stores File objects as they are) until their bytes are uploaded, so a
 * closed tab or a reload resumes where it stopped. A few files go at a time, each through its upload
 * step (upload-step.ts: one signed PUT, or a multipart upload for a large file). Each file keeps its
 * clientFileId for good: the API counts it against the monthly limit once and answers a repeated
 * request with the same photo.
 *
 * The network: while the device is offline nothing starts and queued files wait for it; a request that
 * fails for want of a network puts its file back to wait (not counted as an attempt), and the queue
 * starts again by itself when the device comes back online (or, when the device thought it was online,
 * after a short wait). Other failures get UPLOAD_ATTEMPTS attempts in all, further apart each time,
 * then the file is reported with a Retry; what the API refuses for good (a bad type, the monthly limit)
 * is reported at once.
 *
 * Tabs: the same gallery open in two tabs (or the installed app window and a tab) would each put back,
 * and send, the files kept on the device, twice the traffic on a one-bar network. So a queue puts back
 * the kept files only while it holds the gallery's tab lock (tab-lock.ts), asked for on the first
 * `restore()` and held for the queue's life; a queue that waits for it sends only the files added to it,
 * and puts back the rest when the holding tab goes away.
 */
import { UPLOAD_ATTEMPTS, UPLOAD_CONCURRENCY } from '#shared/constants';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { memoryStore, scopedKey, scopePrefix, type KeyValueStore } from '../../../lib/device-store';
import { browserNetwork, type NetworkWatch } from '../../../lib/network-watch';
import { NetworkError, type PutFile } from '../../../lib/signed-put';
import { browserTabLock, type TabLock } from '../../../lib/tab-lock';
import {
  discardMultipartUpload,
  signedPutStep,
  uploadStepFor,
  type Quality,
  type UploadStep,
} from './upload-step';

export type { Issued, Quality } from './upload-step';

/**
 * waiting: queued; offline: waiting for the network; uploading/retrying: being sent (retrying is a
 * later attempt); done: its bytes are stored (the photo is then processed); failed: given up, Retry.
 */
export type FileState = 'waiting' | 'offline' | 'uploading' | 'retrying' | 'done' | 'failed';

export interface QueuedFile {
  clientFileId: string;
  file: File;
  quality: Quality;
  state: FileState;
  loaded: number;
  attempt: number;
  photoId?: string;
  /** The photo of the file's multipart upload once started: where a later attempt resumes. */
  multipartPhotoId?: string;
  error?: string;
}

/** What the device keeps of a queued file until it is uploaded. */
export interface StoredUpload {
  clientFileId: string;
  galleryId: string;
  quality: Quality;
  file: File;
  addedAt: number;
  /** Why it failed for good, so a reload shows it failed (with Retry) rather than trying again. */
  failure?: string;
  /** Its multipart upload, started before a reload: resumed with the parts S3 already holds. */
  multipartPhotoId?: string;
}

/** Batch progress: bytes sent over bytes to send, 0-100. */
export function batchPercent(files: readonly QueuedFile[]): number {
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  if (total === 0) return 0;
  const sent = files.reduce((sum, f) => sum + (f.state === 'done' ? f.file.size : f.loaded), 0);
  return Math.min(100, Math.floor((sent / total) * 100));
}

export const queueFile = (file: File, quality: Quality = 'original'): QueuedFile => ({
  clientFileId: crypto.randomUUID(),
  file,
  quality,
  state: 'waiting',
  loaded: 0,
  attempt: 0,
});

/** A refusal that a retry cannot fix (bad type, size, the monthly limit): 4xx except 408/429. */
const isFinal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/** The request got no answer at all: the API client's status 0, or the PUT's network error. */
const isNetworkLoss = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status === 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Files that still need the queue's work (the rest are done or failed). */
const isPending = (f: QueuedFile) => f.state !== 'done' && f.state !== 'failed';

export interface UploadQueueOptions {
  api: ApiClient;
  galleryId: string;
  /** Where queued files are kept; in memory unless given (the browser's is IndexedDB). */
  store?: KeyValueStore<StoredUpload>;
  network?: NetworkWatch;
  /** How each file is uploaded (upload-step.ts). */
  stepFor?: (file: File) => UploadStep;
  /** Wait before the first retry; it doubles with each attempt (retryDelay). */
  retryDelayMs?: number;
  /** First wait before trying again after a network loss the device did not notice; doubles to 30 s. */
  networkRetryMs?: number;
  /** Which tab puts back the kept files; navigator.locks unless given (at once where there is none). */
  lock?: TabLock;
  /** While another tab holds the kept files: how often to count them again for the page. */
  keptCheckMs?: number;
}

/** The name of a gallery's tab lock: one tab at a time sends the files kept for the gallery. */
export const uploadLockName = (galleryId: string) => `shutterlane-uploads-${galleryId}`;

const NETWORK_RETRY_MAX_MS = 30_000;
const RETRY_DELAY_MS = 1000;
const KEPT_CHECK_MS = 3000;

/** The wait after a file's `attempt`-th failure: `base`, then doubling (1, 2, 4, 8 s by default). */
export const retryDelay = (attempt: number, base = RETRY_DELAY_MS): number => base * 2 ** (attempt - 1);

export class UploadQueue {
  readonly galleryId: string;
  /** The month's counts from the API's latest answer, for the usage bar. */
  usage: { used: number; limit: number } | null = null;
  private items: QueuedFile[] = [];
  private view: readonly QueuedFile[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly store: KeyValueStore<StoredUpload>;
  private readonly network: NetworkWatch;
  private readonly stepFor: (file: File) => UploadStep;
  private online: boolean;
  private running = 0;
  private networkLosses = 0;
  private networkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatchingNetwork: () => void;
  /** Files being sent: stopping one (a removed multipart upload) and waiting for its step to end. */
  private readonly sending = new Map<string, { stop: AbortController; ended: Promise<void> }>();
  /** Writes of files to the store, so a file's removal waits for its write. */
  private readonly writes = new Map<string, Promise<void>>();
  private restored: Promise<void> | null = null;
  /** Whether this queue holds the gallery's tab lock: none until restore() asks for it. */
  private tab: 'none' | 'waiting' | 'held' = 'none';
  private releaseLock: () => void = () => undefined;
  private endRestore: () => void = () => undefined;
  private keptElsewhere = 0;
  private keptTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly removals = new Set<Promise<void>>();
  /**
   * Files this queue uploaded or removed: a store read in the moment before they are off the device
   * must not put them back (they may have left the list already: a new batch clears the done ones).
   */
  private readonly gone = new Set<string>();
  private disposed = false;

  constructor(private readonly options: UploadQueueOptions) {
    this.galleryId = options.galleryId;
    this.store = options.store ?? memoryStore();
    this.network = options.network ?? browserNetwork;
    this.stepFor = options.stepFor ?? uploadStepFor;
    this.online = this.network.isOnline();
    this.stopWatchingNetwork = this.network.subscribe((online) => this.setOnline(online));
  }

  /** The files, a new array after every change (for useSyncExternalStore). */
  getSnapshot = (): readonly QueuedFile[] => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  isOnline(): boolean {
    return this.online;
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
    const stored = await this.store.list(scopePrefix(this.galleryId));
    const known = new Set([...this.items.map((f) => f.clientFileId), ...this.gone]);
    const back = stored
      .filter((s) => !known.has(s.clientFileId))
      .sort((a, b) => a.addedAt - b.addedAt)
      .map((s): QueuedFile => ({
        ...queueFile(asFile(s.file), s.quality),
        clientFileId: s.clientFileId,
        ...(s.multipartPhotoId && { multipartPhotoId: s.multipartPhotoId, photoId: s.multipartPhotoId }),
        ...(s.failure ? { state: 'failed', error: s.failure } : { state: this.queuedState() }),
      }));
    this.items = [...back, ...this.items];
    this.changed();
    this.pump();
  }

  /** While waiting for the lock: counts the kept files of other tabs now and then, for the page. */
  private async countKept(): Promise<void> {
    const stored = await this.store.list(scopePrefix(this.galleryId)).catch(() => []);
    if (this.tab !== 'waiting' || this.disposed) return;
    const known = new Set([...this.items.map((f) => f.clientFileId), ...this.gone]);
    const count = stored.filter((s) => !s.failure && !known.has(s.clientFileId)).length;
    if (count !== this.keptElsewhere) {
      this.keptElsewhere = count;
      this.changed();
    }
    this.keptTimer = setTimeout(() => void this.countKept(), this.options.keptCheckMs ?? KEPT_CHECK_MS);
  }

  private stopCountingKept() {
    clearTimeout(this.keptTimer);
    if (this.keptElsewhere === 0) return;
    this.keptElsewhere = 0;
    this.changed();
  }

  /** Queues files (kept on the device first); a new batch clears the list of the last one's done files. */
  add(files: readonly File[], quality: Quality): QueuedFile[] {
    return this.enqueue(files.map((file) => queueFile(file, quality)));
  }

  /** Queues files already made into queue items (their clientFileId kept). */
  enqueue(added: QueuedFile[]): QueuedFile[] {
    if (added.length === 0) return added;
    if (!this.items.some(isPending)) this.items = this.items.filter((f) => f.state !== 'done');
    for (const item of added) {
      if (item.state === 'waiting') item.state = this.queuedState();
      this.keep(item);
    }
    this.items = [...this.items, ...added];
    this.changed();
    this.pump();
    return added;
  }

  /** Tries failed files again (all of them, or those named), from their first attempt. */
  retry(clientFileIds?: readonly string[]): void {
    for (const item of this.items) {
      if (item.state !== 'failed') continue;
      if (clientFileIds && !clientFileIds.includes(item.clientFileId)) continue;
      Object.assign(item, { state: this.queuedState(), loaded: 0, attempt: 0, error: undefined });
      this.keep(item);
    }
    this.changed();
    this.pump();
  }

  /**
   * Takes a file off the queue and the device. A file in one PUT is not taken while it is being sent
   * (the PUT runs to its end); a multipart upload is stopped and aborted, so S3 keeps none of its parts.
   */
  remove(clientFileId: string): void {
    const item = this.items.find((f) => f.clientFileId === clientFileId);
    if (!item) return;
    const sending = this.sending.get(clientFileId);
    if (sending && !item.multipartPhotoId) return;
    this.items = this.items.filter((f) => f !== item);
    this.changed();
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
      await this.forget(item);
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
    while (this.running > 0 || this.items.some(isPending)) {
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
    this.stopWatchingNetwork();
    clearTimeout(this.networkTimer);
    clearTimeout(this.keptTimer);
    this.releaseLock();
    this.endRestore();
  }

  private queuedState(): FileState {
    return this.online ? 'waiting' : 'offline';
  }

  private setOnline(online: boolean) {
    this.online = online;
    const [from, to]: [FileState, FileState] = online ? ['offline', 'waiting'] : ['waiting', 'offline'];
    for (const item of this.items) if (item.state === from) item.state = to;
    if (online) this.networkLosses = 0;
    this.changed();
    this.pump();
  }

  private changed() {
    this.view = [...this.items];
    for (const listener of [...this.listeners]) listener();
  }

  private update(item: QueuedFile, patch: Partial<QueuedFile>) {
    Object.assign(item, patch);
    if (this.items.includes(item)) this.changed();
  }

  private pump() {
    while (!this.disposed && this.online && this.running < UPLOAD_CONCURRENCY) {
      const next = this.items.find((f) => f.state === 'waiting');
      if (!next) return;
      this.running++;
      next.state = 'uploading';
      const stop = new AbortController();
      const ended = this.send(next, stop.signal).finally(() => {
        this.sending.delete(next.clientFileId);
        this.running--;
        this.changed();
        this.pump();
      });
      this.sending.set(next.clientFileId, { stop, ended });
    }
  }

  private async send(item: QueuedFile, signal: AbortSignal): Promise<void> {
    const step = this.stepFor(item.file);
    for (;;) {
      // Removed while waiting to try again.
      if (signal.aborted) return;
      item.attempt += 1;
      this.update(item, { state: item.attempt === 1 ? 'uploading' : 'retrying', loaded: 0 });
      try {
        await step({
          api: this.options.api,
          galleryId: this.galleryId,
          quality: item.quality,
          file: item.file,
          clientFileId: item.clientFileId,
          onIssued: ({ photoId, used, limit }) => {
            this.usage = { used, limit };
            this.update(item, { photoId });
          },
          onProgress: (loaded) => this.update(item, { loaded }),
          ...(item.multipartPhotoId && { multipartPhotoId: item.multipartPhotoId }),
          onMultipartStarted: (photoId) => {
            item.multipartPhotoId = photoId;
            // Kept with the file before any part goes, so a reload resumes rather than starts again.
            if (this.items.includes(item)) this.keep(item);
          },
          signal,
        });
        this.networkLosses = 0;
        this.update(item, { state: 'done', loaded: item.file.size, error: undefined });
        await this.forget(item);
        return;
      } catch (error) {
        // Removed while it was sent: remove() aborts what was sent.
        if (signal.aborted) return;
        if (isNetworkLoss(error) || !this.online) {
          // Not the file's fault: it waits for the network without using up an attempt.
          item.attempt -= 1;
          this.update(item, { state: 'offline', loaded: 0 });
          this.tryNetworkLater();
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        if (isFinal(error) || item.attempt >= UPLOAD_ATTEMPTS) {
          this.update(item, { state: 'failed', error: message });
          this.keep(item, message);
          return;
        }
        await sleep(retryDelay(item.attempt, this.options.retryDelayMs));
      }
    }
  }

  /**
   * After a network loss the device did not notice (it still says online): files waiting for the
   * network go again after a wait that doubles with each loss in a row; the online event also ends it.
   */
  private tryNetworkLater() {
    if (!this.online || this.networkTimer !== undefined) return;
    const delay = Math.min(
      NETWORK_RETRY_MAX_MS,
      (this.options.networkRetryMs ?? 2000) * 2 ** this.networkLosses,
    );
    this.networkLosses++;
    this.networkTimer = setTimeout(() => {
      this.networkTimer = undefined;
      if (this.online) this.setOnline(true);
    }, delay);
  }

  private keep(item: QueuedFile, failure?: string) {
    const key = scopedKey(this.galleryId, item.clientFileId);
    const record: StoredUpload = {
      clientFileId: item.clientFileId,
      galleryId: this.galleryId,
      quality: item.quality,
      file: item.file,
      addedAt: Date.now(),
      ...(failure && { failure }),
      ...(item.multipartPhotoId && { multipartPhotoId: item.multipartPhotoId }),
    };
    // A device that cannot keep the file still uploads it in this session.
    const write = this.store.put(key, record).catch(() => undefined);
    this.writes.set(item.clientFileId, write);
  }

  private async forget(item: QueuedFile) {
    this.gone.add(item.clientFileId);
    await this.writes.get(item.clientFileId);
    this.writes.delete(item.clientFileId);
    await this.store.delete(scopedKey(this.galleryId, item.clientFileId)).catch(() => undefined);
  }
}

/** IndexedDB gives back what was stored; a browser that kept a File as a Blob gets its name back. */
function asFile(blob: File | Blob): File {
  return blob instanceof File ? blob : new File([blob], 'photo', { type: blob.type });
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
