/**
 * The gallery page's watched folder: picked once, remembered on the device (a directory handle is
 * stored in IndexedDB as it is) and watched again on the next visit, after the browser's permission is
 * asked again where it wants a click for that.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceStore, type KeyValueStore } from '../../../lib/device-store';
import {
  canWatchFolders,
  folderPermission,
  pickFolder,
  watchFolder,
  type FolderWatch,
} from './folder-import';

export interface StoredFolder {
  galleryId: string;
  folder: FileSystemDirectoryHandle;
}

/**
 * unsupported: no folder access in this browser; none: no folder picked; paused: a remembered folder
 * waiting for the seller's click to be read again; watching: read every few seconds.
 */
export type FolderStatus = 'unsupported' | 'none' | 'paused' | 'watching';

export interface FolderImportStores {
  folders: KeyValueStore<StoredFolder>;
  imported: KeyValueStore<string>;
}

const deviceStores = (): FolderImportStores => ({
  folders: deviceStore<StoredFolder>('folders'),
  imported: deviceStore<string>('imported'),
});

export function useFolderImport(
  galleryId: string,
  onPhotos: (files: File[]) => void,
  stores: FolderImportStores = deviceStores(),
) {
  const [status, setStatus] = useState<FolderStatus>(() => (canWatchFolders() ? 'none' : 'unsupported'));
  const [folder, setFolder] = useState<FileSystemDirectoryHandle | null>(null);
  const [error, setError] = useState<unknown>(null);
  const watch = useRef<FolderWatch | null>(null);
  const latest = useRef({ onPhotos, stores });
  useEffect(() => {
    latest.current = { onPhotos, stores };
  });

  const start = useCallback(
    (handle: FileSystemDirectoryHandle) => {
      watch.current?.stop();
      setFolder(handle);
      setError(null);
      setStatus('watching');
      watch.current = watchFolder({
        folder: handle,
        galleryId,
        imported: latest.current.stores.imported,
        onPhotos: (files) => latest.current.onPhotos(files),
        onError: setError,
      });
    },
    [galleryId],
  );

  // A folder remembered from a past visit: watched at once if the browser still allows it.
  useEffect(() => {
    if (!canWatchFolders()) return;
    let cancelled = false;
    void (async () => {
      const stored = await latest.current.stores.folders.get(galleryId).catch(() => undefined);
      if (!stored || cancelled) return;
      const permission = await folderPermission(stored.folder, false).catch(() => 'denied' as const);
      if (cancelled) return;
      if (permission === 'granted') start(stored.folder);
      else {
        setFolder(stored.folder);
        setStatus('paused');
      }
    })();
    return () => {
      cancelled = true;
      watch.current?.stop();
      watch.current = null;
    };
  }, [galleryId, start]);

  /** The folder picker (a click); the folder chosen is remembered for this gallery. */
  const choose = useCallback(async () => {
    try {
      const handle = await pickFolder();
      if (!handle) return;
      // Browsers that cannot store a handle still watch it for this visit.
      await latest.current.stores.folders
        .put(galleryId, { galleryId, folder: handle })
        .catch(() => undefined);
      start(handle);
    } catch (failure) {
      setError(failure);
    }
  }, [galleryId, start]);

  /** Asks the browser's permission again for the remembered folder (a click), then watches it. */
  const resume = useCallback(async () => {
    if (!folder) return;
    const permission = await folderPermission(folder, true).catch(() => 'denied' as const);
    if (permission === 'granted') start(folder);
  }, [folder, start]);

  const stop = useCallback(async () => {
    watch.current?.stop();
    watch.current = null;
    setFolder(null);
    setStatus('none');
    await latest.current.stores.folders.delete(galleryId).catch(() => undefined);
  }, [galleryId]);

  return { status, folderName: folder?.name ?? null, error, choose, resume, stop };
}
