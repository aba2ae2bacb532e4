/**
 * The customer's pick in a public gallery, kept across reloads in localStorage under the gallery's
 * public id (a customer who leaves and comes back, or whose phone drops the tab, finds it again).
 * Photos the gallery no longer has (the seller deleted them) are dropped when the pick is read.
 */
import { useEffect, useMemo, useState } from 'react';

export const selectionKey = (publicId: string) => `shutterlane.public-gallery.${publicId}.selection`;

function readSelection(publicId: string, photoIds: readonly string[]): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(selectionKey(publicId)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const inGallery = new Set(photoIds);
    return [...new Set(stored)].filter((id): id is string => typeof id === 'string' && inGallery.has(id));
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

export function useSelection(publicId: string, photoIds: readonly string[]) {
  const [selected, setSelected] = useState<string[]>(() => readSelection(publicId, photoIds));
  // Written on every change, and once at first, which also drops the stored ids no longer in the gallery.
  useEffect(() => writeSelection(publicId, selected), [publicId, selected]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  return {
    /** In the order the customer picked them. */
    selected,
    isSelected: (photoId: string) => selectedSet.has(photoId),
    toggle: (photoId: string) =>
      setSelected((current) =>
        current.includes(photoId) ? current.filter((id) => id !== photoId) : [...current, photoId],
      ),
    clear: () => setSelected([]),
  };
}
