/**
 * The gallery with its photos' thumbnails and bearer-only download URLs, re-read every second while
 * any photo is still being uploaded or processed, so thumbnails appear without a manual reload.
 */
import { useCallback, useRef } from 'react';
import { GALLERY_POLL_MS } from '#shared/constants';
import { sellerGalleryErrors } from '#shared/errors';
import type { Gallery } from '#shared/schemas/gallery';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';

/** Polling stops after this long without any photo finishing (an upload abandoned half-way). */
const POLL_GIVE_UP_MS = 2 * 60 * 1000;

const pendingCount = (gallery: Gallery | undefined) =>
  gallery?.photos.filter((p) => p.status === 'UPLOADING' || p.status === 'PROCESSING').length ?? 0;

export function useGallery(galleryId: string) {
  const { api } = useServices();
  /** The number of photos still in progress, and since when it has not changed. */
  const progress = useRef({ pending: -1, at: 0 });

  const query = useQuery({
    key: ['gallery', galleryId],
    load: () => api.getGallery({ galleryId, includeUrls: true, includeThumbnails: true }),
    // A failed poll keeps the last gallery, so it decides as that gallery did: polling goes on.
    pollAfter: ({ data }) => {
      const pending = pendingCount(data);
      const now = Date.now();
      if (pending !== progress.current.pending) progress.current = { pending, at: now };
      return pending > 0 && now - progress.current.at < POLL_GIVE_UP_MS ? GALLERY_POLL_MS : false;
    },
  });

  const { refetch, setData } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  /** New uploads started: a quiet gallery is watched again. */
  const expectChanges = useCallback(() => {
    progress.current = { pending: -1, at: Date.now() };
  }, []);
  const setGallery = useCallback((gallery: Gallery) => setData(() => gallery), [setData]);

  return {
    gallery: query.data ?? null,
    // Section 8: 'Failed to load gallery' or the server's message.
    error: query.status === 'error' ? errorMessage(query.error, sellerGalleryErrors.loadFailed) : null,
    reload,
    expectChanges,
    setGallery,
  };
}
