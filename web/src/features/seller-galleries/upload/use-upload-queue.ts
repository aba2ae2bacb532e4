/**
 * The page's view of a gallery's upload queue. One queue per gallery for the life of the app, so the
 * uploads go on while the seller looks at another page and the gallery shows them again on return; the
 * files it keeps on the device are put back (and resumed) the first time the gallery is opened after a
 * reload. Where the gallery is open in another tab too, the one that opened it first sends the kept
 * files, and this one takes them over when that one goes away (the queue's tab lock).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { deviceStore } from '../../../lib/device-store';
import { useServices } from '../../../lib/services';
import { UploadQueue } from './upload-queue';
import type { StoredUpload } from './upload-store';

const queues = new Map<string, UploadQueue>();

/** The gallery's queue, made (with the device's store) on first use. */
export function uploadQueueFor(galleryId: string, api: ApiClient): UploadQueue {
  const existing = queues.get(galleryId);
  if (existing) return existing;
  const queue = new UploadQueue({ api, galleryId, store: deviceStore<StoredUpload>('uploads') });
  queues.set(galleryId, queue);
  return queue;
}

/** The files of `queue` (the gallery's shared queue unless one is given), re-rendered on every change. */
export function useUploadQueue(galleryId: string, given?: UploadQueue) {
  const { api } = useServices();
  const queue = useMemo(() => given ?? uploadQueueFor(galleryId, api), [given, galleryId, api]);
  useEffect(() => {
    void queue.restore();
  }, [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return { queue, items, online: queue.isOnline(), keptInAnotherTab: queue.keptInAnotherTab() };
}
