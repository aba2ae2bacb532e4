/**
 * The gallery with its photos' thumbnails and bearer-only download URLs, re-read every second while
 * any photo is still being uploaded or processed, so thumbnails appear without a manual reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_POLL_MS } from '#shared/constants';
import { sellerGalleryErrors } from '#shared/errors';
import type { Gallery } from '#shared/schemas/gallery';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { useServices } from '../../lib/services';

/** Polling stops after this long without any photo finishing (an upload abandoned half-way). */
const POLL_GIVE_UP_MS = 2 * 60 * 1000;

const pendingCount = (gallery: Gallery | null) =>
  gallery?.photos.filter((p) => p.status === 'UPLOADING' || p.status === 'PROCESSING').length ?? 0;

type Loaded = { gallery: Gallery; error: null } | { gallery: null; error: string };

async function fetchGallery(api: ApiClient, galleryId: string): Promise<Loaded> {
  try {
    return {
      gallery: await api.getGallery({ galleryId, includeUrls: true, includeThumbnails: true }),
      error: null,
    };
  } catch (failure) {
    // Section 8: 'Failed to load gallery' or the server's message.
    return {
      gallery: null,
      error: failure instanceof ApiError ? failure.message : sellerGalleryErrors.loadFailed,
    };
  }
}

export function useGallery(galleryId: string) {
  const { api } = useServices();
  const [gallery, setGallery] = useState<Gallery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const progress = useRef({ pending: -1, at: 0 });

  const apply = useCallback((loaded: Loaded) => {
    if (!loaded.gallery) return setError(loaded.error);
    const pending = pendingCount(loaded.gallery);
    const now = Date.now();
    if (pending !== progress.current.pending) progress.current = { pending, at: now };
    setGallery(loaded.gallery);
    setError(null);
    setPolling(pending > 0 && now - progress.current.at < POLL_GIVE_UP_MS);
  }, []);

  const reload = useCallback(async () => apply(await fetchGallery(api, galleryId)), [api, galleryId, apply]);

  useEffect(() => {
    let current = true;
    void fetchGallery(api, galleryId).then((loaded) => current && apply(loaded));
    return () => {
      current = false;
    };
  }, [api, galleryId, apply]);

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void reload(), GALLERY_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, reload]);

  /** New uploads started: a quiet gallery is watched again. */
  const expectChanges = useCallback(() => {
    progress.current = { pending: -1, at: Date.now() };
  }, []);

  return { gallery, error, reload, expectChanges, setGallery };
}
