/**
 * The customer's pick in a public gallery, kept across reloads in localStorage under the gallery's
 * public id (a customer who leaves and comes back, or whose phone drops the tab, finds it again).
 * The pick is kept as photo ids, whatever page they lie on: after a reload only the first page is
 * loaded, and a photo picked on page 40 stays picked. Photos the gallery no longer has (the seller
 * deleted them) are dropped once every page is loaded and they are not in it; before that the server
 * refuses an order naming one, with a clear message, and the customer clears the pick.
 */
import { useEffect, useMemo, useState } from 'react';
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';

export const selectionKey = (publicId: string) => `shutterlane.public-gallery.${publicId}.selection`;

function readSelection(publicId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(selectionKey(publicId)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const ids = [...new Set(stored)].filter((id): id is string => typeof id === 'string');
    // No order holds more: a longer stored list is not a pick this page made.
    return ids.slice(0, PUBLIC_GALLERY_LIMITS.orderPhotos);
  } catch {
    return []; // unreadable or blocked storage: start with nothing picked
  }
}

function writeSelection(publicId: string, selected: readonly string[]): void {
  try {
    if (selected.length === 0) localStorage.removeItem(selectionKey(publicId));
    else localStorage.setItem(selectionKey(publicId), JSON.stringify(selected));
  } catch {
    // storage blocked or full: the pick lasts as long as the page
  }
}

/**
 * `everyPhotoId`: the gallery's photo ids once every page is loaded (undefined before), against which
 * the pick drops the photos the gallery no longer has.
 */
export function useSelection(publicId: string, everyPhotoId: readonly string[] | undefined) {
  const [picked, setPicked] = useState<string[]>(() => readSelection(publicId));
  const selected = useMemo(() => {
    if (!everyPhotoId) return picked;
    const inGallery = new Set(everyPhotoId);
    const kept = picked.filter((id) => inGallery.has(id));
    return kept.length === picked.length ? picked : kept;
  }, [picked, everyPhotoId]);
  // Written on every change, and once at first (which also forgets the photos known to be gone).
  useEffect(() => writeSelection(publicId, selected), [publicId, selected]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  return {
    /** In the order the customer picked them. */
    selected,
    isSelected: (photoId: string) => selectedSet.has(photoId),
    toggle: (photoId: string) =>
      setPicked((current) =>
        current.includes(photoId) ? current.filter((id) => id !== photoId) : [...current, photoId],
      ),
    clear: () => setPicked([]),
  };
}
