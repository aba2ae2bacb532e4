/**
 * Auto-import: photos that appear in a folder the seller picked (a card reader's DCIM folder, a
 * tethering program's output folder) are queued for the gallery while the page is open. The folder is
 * read through a FileSystemDirectoryHandle every few seconds (browsers send no change events), so tests
 * hand the same code a directory of the Origin Private File System. Each file is queued once: its
 * path, size and last modification are remembered on the device per gallery. A file is taken only once
 * two reads in a row find it unchanged, so a photo still being written is not uploaded half-way.
 */
import { UPLOAD_CONTENT_TYPES } from '#shared/rules/constants';
import { scopedKey, scopePrefix, type KeyValueStore } from '../../../lib/device-store';

/** How often the folder is read. */
export const FOLDER_POLL_MS = 3000;
/** Sub-folders read below the picked one (DCIM/100CANON/IMG_0001.JPG is two levels down). */
const MAX_DEPTH = 3;

/** Handle methods Chromium has that TypeScript's DOM library does not list yet. */
type PermissionMode = { mode: 'read' | 'readwrite' };
interface PermissionHandle {
  queryPermission?(descriptor: PermissionMode): Promise<PermissionState>;
  requestPermission?(descriptor: PermissionMode): Promise<PermissionState>;
}
type PickerWindow = {
  showDirectoryPicker?: (options?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;
};

/** Whether this browser lets a page read a folder the user picks (File System Access API). */
export const canWatchFolders = () =>
  typeof window !== 'undefined' && typeof (window as PickerWindow).showDirectoryPicker === 'function';

/** Asks the user for a folder (needs a click); null when they cancel. */
export async function pickFolder(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return (await (window as PickerWindow).showDirectoryPicker!({ mode: 'read' })) ?? null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}

/** 'granted', or 'prompt' when the browser wants the user's click again (a folder remembered from a past visit). */
export async function folderPermission(
  folder: FileSystemDirectoryHandle,
  ask: boolean,
): Promise<PermissionState> {
  const handle = folder as FileSystemDirectoryHandle & PermissionHandle;
  const method = ask ? handle.requestPermission : handle.queryPermission;
  // Handles without the methods (the Origin Private File System in some browsers) are always readable.
  return method ? method.call(handle, { mode: 'read' }) : 'granted';
}

/** What identifies a file found in the folder: its path in it, size and last modification. */
export const importKey = (path: string, file: File) => `${path}\n${file.size}\n${file.lastModified}`;

const isPhoto = (file: File) => (UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type);

/** Every photo in the folder and its sub-folders, with its path in the folder. */
export async function photosIn(
  folder: FileSystemDirectoryHandle,
  depth = MAX_DEPTH,
  prefix = '',
): Promise<{ path: string; file: File }[]> {
  const found: { path: string; file: File }[] = [];
  for await (const entry of folder.values()) {
    const path = `${prefix}${entry.name}`;
    if (entry.kind === 'directory') {
      if (depth > 0) found.push(...(await photosIn(entry, depth - 1, `${path}/`)));
      continue;
    }
    // A file removed or being replaced between listing and reading is looked at on the next read.
    const file = await entry.getFile().catch(() => null);
    if (file && isPhoto(file)) found.push({ path, file });
  }
  return found;
}

export interface FolderWatchOptions {
  folder: FileSystemDirectoryHandle;
  galleryId: string;
  /** The files already queued, per gallery (values are their import keys). */
  imported: KeyValueStore<string>;
  /** New photos, to queue. */
  onPhotos: (files: File[]) => void;
  /** A read failed (the folder was removed, the permission withdrawn). */
  onError?: (error: unknown) => void;
  intervalMs?: number;
}

export interface FolderWatch {
  /** Reads the folder now (also what every poll does); resolves once new photos were handed over. */
  scan(): Promise<void>;
  stop(): void;
}

/** Reads the folder now and every `intervalMs`, handing over each new photo once. */
export function watchFolder({
  folder,
  galleryId,
  imported,
  onPhotos,
  onError,
  intervalMs = FOLDER_POLL_MS,
}: FolderWatchOptions): FolderWatch {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const known = imported.list(scopePrefix(galleryId)).then((keys) => new Set(keys));
  /** Files seen on the last read and not taken yet, to be taken when the next read finds them unchanged. */
  let lastSeen = new Set<string>();
  let scanning: Promise<void> | null = null;

  const read = async () => {
    const taken = await known;
    const seen = new Set<string>();
    const ready: { key: string; file: File }[] = [];
    for (const { path, file } of await photosIn(folder)) {
      const key = importKey(path, file);
      if (taken.has(key)) continue;
      seen.add(key);
      if (!lastSeen.has(key)) continue;
      taken.add(key);
      ready.push({ key, file });
    }
    lastSeen = seen;
    if (ready.length === 0 || stopped) return;
    // Queued first, remembered second: a tab closed in between queues a photo twice rather than never.
    onPhotos(ready.map((r) => r.file));
    await Promise.all(
      ready.map(({ key }) => imported.put(scopedKey(galleryId, key), key).catch(() => undefined)),
    );
  };

  const scan = (): Promise<void> => {
    scanning ??= read()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        scanning = null;
      });
    return scanning;
  };

  const loop = async () => {
    await scan();
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };
  void loop();

  return {
    scan,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
