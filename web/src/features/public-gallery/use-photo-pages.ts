/**
 * The gallery's photos as far as the customer has scrolled: the view's first page, then one page at a
 * time after it (`publicGalleryPhotos` with the page before's cursor) when the grid or the viewer comes
 * near the end of what is loaded. One page is asked for at a time; a failed page waits for a retry,
 * so a broken connection does not ask again on every scroll.
 */
import { useCallback, useRef, useState } from 'react';
import type { PublicGalleryPhoto, PublicGalleryView } from '#shared/schemas/public-gallery';
import { errorMessage } from '../../lib/error-message';
import { useServices } from '../../lib/services';
import { publicGalleryTexts as texts } from './texts';

export type PageStatus = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string };

interface Pages {
  photos: readonly PublicGalleryPhoto[];
  nextCursor: string | undefined;
  status: PageStatus;
}

/** A page's photos after the ones already loaded, without any the customer already has. */
function appended(loaded: readonly PublicGalleryPhoto[], page: readonly PublicGalleryPhoto[]) {
  const known = new Set(loaded.map((photo) => photo.photoId));
  return [...loaded, ...page.filter((photo) => !known.has(photo.photoId))];
}

export function usePhotoPages(view: PublicGalleryView, pin: string | undefined) {
  const { api } = useServices();
  const [pages, setPages] = useState<Pages>(() => ({
    photos: view.photos,
    nextCursor: view.nextCursor,
    status: { kind: 'idle' },
  }));
  // The cursor being loaded: a second call while it is on its way does nothing.
  const inFlight = useRef<string | null>(null);

  const load = useCallback(
    async (cursor: string) => {
      inFlight.current = cursor;
      setPages((was) => ({ ...was, status: { kind: 'loading' } }));
      try {
        const page = await api.publicGalleryPhotos(
          { publicId: view.publicId },
          { ...(pin && { pin }), cursor },
        );
        setPages((was) => ({
          photos: appended(was.photos, page.photos),
          nextCursor: page.nextCursor,
          status: { kind: 'idle' },
        }));
      } catch (error) {
        setPages((was) => ({
          ...was,
          status: { kind: 'failed', message: errorMessage(error, texts.pageFailed) },
        }));
      } finally {
        inFlight.current = null;
      }
    },
    [api, view.publicId, pin],
  );

  const { nextCursor, status } = pages;
  /** Loads the next page, unless there is none, one is on its way, or the last one failed (see retry). */
  const loadMore = useCallback(() => {
    if (nextCursor && status.kind === 'idle' && inFlight.current === null) void load(nextCursor);
  }, [load, nextCursor, status.kind]);
  const retry = useCallback(() => {
    if (nextCursor && inFlight.current === null) void load(nextCursor);
  }, [load, nextCursor]);

  return {
    photos: pages.photos,
    /** Whether pages remain after the loaded ones. */
    hasMore: nextCursor !== undefined,
    status,
    loadMore,
    retry,
  };
}
