/**
 * What the gallery page last loaded for a gallery, kept on the device so the page opened offline (issue
 * 17) still names the gallery above its upload queue; and the galleries list as last loaded, so the app
 * started offline (its start page is /galleries) still leads to a gallery's queue. Only the name and count: the photos' URLs are
 * signed for a limited time and their thumbnails are not cached, so an offline grid would show nothing.
 */
import type { Gallery } from '#shared/schemas/gallery';

export interface KeptGallery {
  albumName: string;
  photoCount: number;
}

const KEY_PREFIX = 'shutterlane.gallery.';
const LIST_KEY = 'shutterlane.galleries';

export type KeptGallerySummary = Pick<
  Gallery,
  'galleryId' | 'albumName' | 'photoCount' | 'createdAt' | 'createdBy'
>;

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function keepGallery(galleryId: string, gallery: Gallery, store = storage()): void {
  const { albumName, photoCount, createdAt } = gallery;
  try {
    store?.setItem(KEY_PREFIX + galleryId, JSON.stringify({ albumName, photoCount }));
    // In the kept list too: a gallery made since the list was last read is found offline as well.
    const others = keptGalleryList(store).filter((g) => g.galleryId !== galleryId);
    const summary = { galleryId, albumName, photoCount, createdAt };
    keepGalleryList(
      [...others, summary].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      store,
    );
  } catch {
    // A full or blocked storage only costs the name on an offline start.
  }
}

export function keptGallery(galleryId: string, store = storage()): KeptGallery | null {
  try {
    const value: unknown = JSON.parse(store?.getItem(KEY_PREFIX + galleryId) ?? 'null');
    // Never opened on this device: as the kept list last showed it.
    if (typeof value !== 'object' || value === null)
      return keptGalleryList(store).find((g) => g.galleryId === galleryId) ?? null;
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
    const list = keptGalleryList(store);
    if (list.some((g) => g.galleryId === galleryId))
      keepGalleryList(
        list.filter((g) => g.galleryId !== galleryId),
        store,
      );
  } catch {
    // Nothing kept.
  }
}

export function keepGalleryList(galleries: readonly KeptGallerySummary[], store = storage()): void {
  try {
    const kept = galleries.map(({ galleryId, albumName, photoCount, createdAt }) => ({
      galleryId,
      albumName,
      photoCount,
      createdAt,
    }));
    store?.setItem(LIST_KEY, JSON.stringify(kept));
  } catch {
    // A full or blocked storage only costs the list on an offline start.
  }
}

const isSummary = (value: unknown): value is KeptGallerySummary => {
  const g = value as Partial<KeptGallerySummary> | null;
  return (
    typeof g?.galleryId === 'string' &&
    typeof g.albumName === 'string' &&
    typeof g.photoCount === 'number' &&
    typeof g.createdAt === 'string'
  );
};

export function keptGalleryList(store = storage()): KeptGallerySummary[] {
  try {
    const value: unknown = JSON.parse(store?.getItem(LIST_KEY) ?? 'null');
    return Array.isArray(value) ? value.filter(isSummary) : [];
  } catch {
    return [];
  }
}
