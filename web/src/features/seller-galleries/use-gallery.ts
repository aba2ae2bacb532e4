/**
 * The gallery with its photos' thumbnails and bearer-only download URLs, re-read every second while
 * any photo is still being uploaded or processed, so thumbnails appear without a manual reload (each
 * re-read asks only for the thumbnails the grid has none of: stable-urls.ts), and
 * every BACKGROUND_POLL_MS otherwise while the page is in view, so photos uploaded from another device
 * (the seller's phone) appear and turn READY there too. A hidden page does not poll; coming back to it
 * (shown, focused, back online) reads it at once.
 */
import { useCallback, useRef } from 'react';
import { GALLERY_POLL_MS } from '#shared/rules/constants';
import { sellerGalleryErrors } from '#shared/texts/errors';
import type { Gallery } from '#shared/schemas/gallery';
import { isNetworkFailure } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { browserNetwork } from '../../lib/network-watch';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';
import { pageVisible, useRefreshOnReturn } from '../../lib/use-refresh-on-return';
import { type KeptUrls, thumbnailsToAsk, unaskedThumbnails, withStableUrls } from './photos/stable-urls';

/** Fast polling ends after this long without any photo finishing (an upload abandoned half-way). */
const POLL_GIVE_UP_MS = 2 * 60 * 1000;
/** The gallery in view is re-read this often when nothing is in progress here (another device may upload). */
export const BACKGROUND_POLL_MS = 12_000;

/**
 * Photos not yet shown as done: those uploading or processing, and READY ones the gallery's count does
 * not include yet. The resize trigger marks a photo READY, then counts it; an answer read between the
 * two shows every tile done beside the old count, and polling must not stop on it.
 */
export function pendingCount(gallery: Gallery | undefined): number {
  if (!gallery) return 0;
  const inProgress = gallery.photos.filter((p) => p.status === 'UPLOADING' || p.status === 'PROCESSING');
  const ready = gallery.photos.filter((p) => p.status === 'READY').length;
  return inProgress.length + Math.max(0, ready - gallery.photoCount);
}

export interface PollState {
  /** Photos still uploading or processing in the latest answer. */
  pending: number;
  /** READY photos of the latest answer shown without the thumbnail the read did not ask for. */
  unaskedThumbnails?: number;
  /** Upload batches running on this page: their photos may not be listed yet. */
  uploadsRunning: number;
  /** Since when `pending` has not changed (ms since the epoch). */
  unchangedSince: number;
  now: number;
  /** The page is in view. */
  visible: boolean;
}

/**
 * The delay before the next poll, or false to stop. Fast polling goes on while this page uploads (a
 * batch's photos are listed only as their upload URLs are issued, so the first answers may list none of
 * them) and while any photo is uploading or processing, unless none has finished for POLL_GIVE_UP_MS;
 * otherwise the page polls slowly while in view, and not at all while hidden.
 */
export function nextPoll({
  pending,
  unaskedThumbnails = 0,
  uploadsRunning,
  unchangedSince,
  now,
  visible,
}: PollState): number | false {
  if (!visible) return false;
  // Photos the grid first sees READY: their thumbnails are asked for at once.
  if (unaskedThumbnails > 0) return 0;
  if (uploadsRunning > 0) return GALLERY_POLL_MS;
  return pending > 0 && now - unchangedSince < POLL_GIVE_UP_MS ? GALLERY_POLL_MS : BACKGROUND_POLL_MS;
}

export function useGallery(galleryId: string) {
  const { api } = useServices();
  /** The number of photos still in progress, and since when it has not changed. */
  const progress = useRef({ pending: -1, at: 0 });
  const uploadsRunning = useRef(0);
  /** The signed URLs the grid shows, kept across polls so no image is downloaded twice nor signed again. */
  const keptUrls = useRef<KeptUrls>(new Map());
  /** The last answer, and the photos whose thumbnails its read asked for (undefined: every photo's). */
  const lastRead = useRef<{ gallery?: Gallery; asked?: ReadonlySet<string> }>({});

  const query = useQuery({
    key: ['gallery', galleryId],
    load: async () => {
      const ask = thumbnailsToAsk(lastRead.current.gallery, keptUrls.current, Date.now());
      const answer = await api.getGallery({
        galleryId,
        includeUrls: true,
        includeThumbnails: true,
        ...(ask && { thumbnailsFor: ask.join(',') }),
      });
      const gallery = withStableUrls(answer, keptUrls.current, Date.now());
      lastRead.current = { gallery, ...(ask && { asked: new Set(ask) }) };
      return gallery;
    },
    // A failed poll keeps the last gallery, so it decides as that gallery did: polling goes on.
    pollAfter: ({ data }) => {
      const pending = pendingCount(data);
      const now = Date.now();
      if (pending !== progress.current.pending) progress.current = { pending, at: now };
      return nextPoll({
        pending,
        unaskedThumbnails: unaskedThumbnails(data, lastRead.current.asked),
        uploadsRunning: uploadsRunning.current,
        unchangedSince: progress.current.at,
        now,
        visible: pageVisible(),
      });
    },
  });

  const { refetch, setData } = query;
  useRefreshOnReturn(refetch);
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  /** New uploads started: a quiet gallery is watched again. */
  const expectChanges = useCallback(() => {
    progress.current = { pending: -1, at: Date.now() };
  }, []);
  /** A batch of uploads on this page began (true) or ended (false): polling goes on while any runs. */
  const watchUploads = useCallback(
    (running: boolean) => {
      uploadsRunning.current = Math.max(0, uploadsRunning.current + (running ? 1 : -1));
      expectChanges();
    },
    [expectChanges],
  );
  const setGallery = useCallback((gallery: Gallery) => setData(() => gallery), [setData]);

  return {
    gallery: query.data ?? null,
    // Section 8: 'Failed to load gallery' or the server's message.
    error: query.status === 'error' ? errorMessage(query.error, sellerGalleryErrors.loadFailed) : null,
    /** The latest read got no answer: the device is offline (the page shows the upload queue anyway). */
    offline: query.status === 'error' && (isNetworkFailure(query.error) || !browserNetwork.isOnline()),
    reload,
    expectChanges,
    watchUploads,
    setGallery,
  };
}
