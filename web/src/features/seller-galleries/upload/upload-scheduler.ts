/**
 * What the upload queue runs when. A few files go at a time (UPLOAD_CONCURRENCY), each through its
 * upload step (upload-step.ts: one signed PUT, or a multipart upload for a large file). Each file keeps
 * its clientFileId for good: the API counts it against the monthly limit once and answers a repeated
 * request with the same photo.
 *
 * The network: while the device is offline nothing starts and queued files wait for it; a request that
 * fails for want of a network puts its file back to wait (not counted as an attempt), and the queue
 * starts again by itself when the device comes back online (or, when the device thought it was online,
 * after a short wait). Other failures get UPLOAD_ATTEMPTS attempts in all, further apart each time,
 * then the file is reported with a Retry; what the API refuses for good (a bad type, the monthly limit)
 * is reported at once.
 */
import { UPLOAD_ATTEMPTS, UPLOAD_CONCURRENCY } from '#shared/rules/constants';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { browserNetwork, type NetworkWatch } from '../../../lib/network-watch';
import { NetworkError } from '../../../lib/signed-put';
import { uploadStepFor, type UploadStep } from './upload-step';
import type { FileState, QueuedFile, UploadStore } from './upload-store';

export interface SchedulerOptions {
  api: ApiClient;
  galleryId: string;
  network?: NetworkWatch;
  /** How each file is uploaded (upload-step.ts). */
  stepFor?: (file: File) => UploadStep;
  /** Wait before the first retry; it doubles with each attempt (retryDelay). */
  retryDelayMs?: number;
  /** First wait before trying again after a network loss the device did not notice; doubles to 30 s. */
  networkRetryMs?: number;
}

const NETWORK_RETRY_MAX_MS = 30_000;
const RETRY_DELAY_MS = 1000;

/** The wait after a file's `attempt`-th failure: `base`, then doubling (1, 2, 4, 8 s by default). */
export const retryDelay = (attempt: number, base = RETRY_DELAY_MS): number => base * 2 ** (attempt - 1);

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

/** A file being sent: stopping it (a removed multipart upload) and waiting for its step to end. */
export interface Sending {
  stop: AbortController;
  ended: Promise<void>;
}

export class UploadScheduler {
  /** The month's counts from the API's latest answer, for the usage bar. */
  usage: { used: number; limit: number } | null = null;
  private readonly stepFor: (file: File) => UploadStep;
  private online: boolean;
  private running = 0;
  private networkLosses = 0;
  private networkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatchingNetwork: () => void;
  private readonly sending = new Map<string, Sending>();
  private stopped = false;

  constructor(
    private readonly files: UploadStore,
    private readonly options: SchedulerOptions,
  ) {
    const network = options.network ?? browserNetwork;
    this.stepFor = options.stepFor ?? uploadStepFor;
    this.online = network.isOnline();
    this.stopWatchingNetwork = network.subscribe((online) => this.setOnline(online));
  }

  isOnline(): boolean {
    return this.online;
  }

  /** Whether any file is being sent. */
  busy(): boolean {
    return this.running > 0;
  }

  /** The state a file queued now starts in. */
  queuedState(): FileState {
    return this.online ? 'waiting' : 'offline';
  }

  /** The file's send under way, if it is being sent. */
  sendingOf(clientFileId: string): Sending | undefined {
    return this.sending.get(clientFileId);
  }

  /** Starts waiting files while there is room, the device is online and the scheduler not stopped. */
  pump(): void {
    while (!this.stopped && this.online && this.running < UPLOAD_CONCURRENCY) {
      const next = this.files.files.find((f) => f.state === 'waiting');
      if (!next) return;
      this.running++;
      next.state = 'uploading';
      const stop = new AbortController();
      const ended = this.send(next, stop.signal).finally(() => {
        this.sending.delete(next.clientFileId);
        this.running--;
        this.files.changed();
        this.pump();
      });
      this.sending.set(next.clientFileId, { stop, ended });
    }
  }

  /** Stops listening to the network and starts nothing more (sends under way run to their end). */
  stop(): void {
    this.stopped = true;
    this.stopWatchingNetwork();
    clearTimeout(this.networkTimer);
  }

  private setOnline(online: boolean) {
    this.online = online;
    const [from, to]: [FileState, FileState] = online ? ['offline', 'waiting'] : ['waiting', 'offline'];
    for (const item of this.files.files) if (item.state === from) item.state = to;
    if (online) this.networkLosses = 0;
    this.files.changed();
    this.pump();
  }

  private async send(item: QueuedFile, signal: AbortSignal): Promise<void> {
    const step = this.stepFor(item.file);
    const { files } = this;
    for (;;) {
      // Removed while waiting to try again.
      if (signal.aborted) return;
      item.attempt += 1;
      files.update(item, { state: item.attempt === 1 ? 'uploading' : 'retrying', loaded: 0 });
      try {
        await step({
          api: this.options.api,
          galleryId: this.options.galleryId,
          quality: item.quality,
          file: item.file,
          clientFileId: item.clientFileId,
          onIssued: ({ photoId, used, limit }) => {
            this.usage = { used, limit };
            files.update(item, { photoId });
          },
          onProgress: (loaded) => files.update(item, { loaded }),
          ...(item.multipartPhotoId && { multipartPhotoId: item.multipartPhotoId }),
          onMultipartStarted: (photoId) => {
            item.multipartPhotoId = photoId;
            // Kept with the file before any part goes, so a reload resumes rather than starts again.
            if (files.has(item)) files.keep(item);
          },
          signal,
        });
        this.networkLosses = 0;
        files.update(item, { state: 'done', loaded: item.file.size, error: undefined });
        await files.forget(item);
        return;
      } catch (error) {
        // Removed while it was sent: the queue's remove() aborts what was sent.
        if (signal.aborted) return;
        if (isNetworkLoss(error) || !this.online) {
          // Not the file's fault: it waits for the network without using up an attempt.
          item.attempt -= 1;
          files.update(item, { state: 'offline', loaded: 0 });
          this.tryNetworkLater();
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        if (isFinal(error) || item.attempt >= UPLOAD_ATTEMPTS) {
          files.update(item, { state: 'failed', error: message });
          files.keep(item, message);
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
}
