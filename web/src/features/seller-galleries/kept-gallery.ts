/**
 * What the gallery page last loaded for a gallery, kept on the device so the page opened offline (issue
 * 17) still names the gallery above its upload queue. Only the name and count: the photos' URLs are
 * signed for a limited time and their thumbnails are not cached, so an offline grid would show nothing.
 */
import type { Gallery } from '#shared/schemas/gallery';

export interface KeptGallery {
  albumName: string;
  photoCount: number;
}

const KEY_PREFIX = 'shutterlane.gallery.';

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function keepGallery(galleryId: string, { albumName, photoCount }: Gallery, store = storage()): void {
  try {
    store?.setItem(KEY_PREFIX + galleryId, JSON.stringify({ albumName, photoCount }));
  } catch {
    // A full or blocked storage only costs the name on an offline start.
  }
}

export function keptGallery(galleryId: string, store = storage()): KeptGallery | null {
  try {
    const value: unknown = JSON.parse(store?.getItem(KEY_PREFIX + galleryId) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { albumName, photoCount } = value as Partial<KeptGallery>;
    return typeof albumName === 'string' && typeof photoCount === 'number' ? { albumName, photoCount } : null;
  } catch {
    return null;
  }
}

/** The gallery was deleted: nothing of it stays on the device. */
export function forgetGallery(galleryId: string, store = storage()): void {
  try {
    store?.removeItem(KEY_PREFIX + galleryId);
  } catch {
    // Nothing kept.
  }
}
