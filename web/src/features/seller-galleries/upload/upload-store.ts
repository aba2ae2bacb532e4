/**
 * The upload queue's state: its files, as the page sees them (a new array after every change, for
 * useSyncExternalStore), and what the device keeps of them until their bytes are uploaded (a
 * KeyValueStore, in the browser IndexedDB, which stores File objects as they are), so a closed tab or a
 * reload resumes where it stopped. What runs when is the scheduler's (upload-scheduler.ts).
 */
import { scopedKey, scopePrefix, type KeyValueStore } from '../../../lib/device-store';
import type { Quality } from './upload-step';

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

/** Files that still need the queue's work (the rest are done or failed). */
export const isPending = (f: QueuedFile) => f.state !== 'done' && f.state !== 'failed';

/** IndexedDB gives back what was stored; a browser that kept a File as a Blob gets its name back. */
export function asFile(blob: File | Blob): File {
  return blob instanceof File ? blob : new File([blob], 'photo', { type: blob.type });
}

export class UploadStore {
  private items: QueuedFile[] = [];
  private view: readonly QueuedFile[] = [];
  private readonly listeners = new Set<() => void>();
  /** Writes of files to the device, so a file's removal waits for its write. */
  private readonly writes = new Map<string, Promise<void>>();
  /**
   * Files this queue uploaded or removed: a device read in the moment before they are off the device
   * must not put them back (they may have left the list already: a new batch clears the done ones).
   */
  private readonly gone = new Set<string>();

  constructor(
    private readonly galleryId: string,
    private readonly device: KeyValueStore<StoredUpload>,
  ) {}

  /** The files, a new array after every change (for useSyncExternalStore). */
  getSnapshot = (): readonly QueuedFile[] => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The files as they are now (the same objects the snapshot holds). */
  get files(): readonly QueuedFile[] {
    return this.items;
  }

  has(item: QueuedFile): boolean {
    return this.items.includes(item);
  }

  find(clientFileId: string): QueuedFile | undefined {
    return this.items.find((f) => f.clientFileId === clientFileId);
  }

  /** Adds files at the end; a new batch clears the list of the last one's done files. */
  append(added: readonly QueuedFile[]): void {
    if (!this.items.some(isPending)) this.items = this.items.filter((f) => f.state !== 'done');
    this.items = [...this.items, ...added];
    this.changed();
  }

  /** Puts files kept from before (another tab, a reload) ahead of this queue's own. */
  prepend(back: readonly QueuedFile[]): void {
    this.items = [...back, ...this.items];
    this.changed();
  }

  /** Takes a file off the list (the device keeps it until forget()). */
  take(item: QueuedFile): void {
    this.items = this.items.filter((f) => f !== item);
    this.changed();
  }

  /** Tells the page: called after any change to the files' fields. */
  changed(): void {
    this.view = [...this.items];
    for (const listener of [...this.listeners]) listener();
  }

  update(item: QueuedFile, patch: Partial<QueuedFile>): void {
    Object.assign(item, patch);
    if (this.items.includes(item)) this.changed();
  }

  /** The files kept on the device for this gallery that this queue does not know of, oldest first. */
  async unknownKept(): Promise<StoredUpload[]> {
    const stored = await this.device.list(scopePrefix(this.galleryId));
    const known = new Set([...this.items.map((f) => f.clientFileId), ...this.gone]);
    return stored.filter((s) => !known.has(s.clientFileId)).sort((a, b) => a.addedAt - b.addedAt);
  }

  /** Keeps the file on the device (with why it failed for good, if it did). */
  keep(item: QueuedFile, failure?: string): void {
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
    const write = this.device.put(key, record).catch(() => undefined);
    this.writes.set(item.clientFileId, write);
  }

  /** Takes the file off the device (after its last write), for good: no later read puts it back. */
  async forget(item: QueuedFile): Promise<void> {
    this.gone.add(item.clientFileId);
    await this.writes.get(item.clientFileId);
    this.writes.delete(item.clientFileId);
    await this.device.delete(scopedKey(this.galleryId, item.clientFileId)).catch(() => undefined);
  }
}
