/**
 * What the grid and the viewer show for a fulfilled order (public document, sections 3 and 9): one
 * item per photo, keyed by photo id, with the 200 x 200 default box, or the longer side 200 and the
 * other following the aspect ratio when the order gives dimensions.
 */
import {
  GRID_THUMBNAIL_WIDTH_PX,
  MASONRY,
  OPTIMIZED_MAX_PX,
  THUMBNAIL_MAX_PX,
} from '#shared/rules/constants';
import { galleryErrors } from '#shared/texts/errors';
import type { FulfilledOrder, FulfilledPreview } from '#shared/schemas/order';

/** A photo as the grid and the viewer show it: before the human check, its thumbnails only. */
export interface ShownPhoto {
  photoId: string;
  /** The full-size image (original or optimized copy), once the check has brought it. */
  url?: string;
  /** What the grid shows: the thumbnail when the server gives one, the full-size image otherwise. */
  gridSrc: string;
  /**
   * The thumbnail as WebP, which the grid shows instead where the browser takes it: a `srcset` of the
   * grid-sized and the 400 px one by width where the order gives both and the photo's size.
   */
  gridWebp?: string;
  /** The 2048 px copy as WebP, which the viewer shows where it is enough for the screen. */
  shownWebp?: { src: string; width: number; height: number };
  width: number;
  height: number;
  /** The delivered image's real size, when known (the viewer's srcSet needs it). */
  fullSize?: { width: number; height: number };
}

/** A photo with its full-size image: what the viewer's buttons, the ZIP and 'Save to Photos' take. */
export interface GalleryPhoto extends ShownPhoto {
  url: string;
}

/** The grid box of a photo: 200 x 200 by default, else the longer side 200 with the aspect kept. */
export function gridBox(width?: number, height?: number): { width: number; height: number } {
  const { width: boxWidth, height: boxHeight } = MASONRY.defaultBox;
  if (!width || !height || width <= 0 || height <= 0) return { width: boxWidth, height: boxHeight };
  const longest = Math.max(boxWidth, boxHeight);
  return width >= height
    ? { width: longest, height: Math.max(1, Math.round((height / width) * longest)) }
    : { width: Math.max(1, Math.round((width / height) * longest)), height: longest };
}

type Size = { width: number; height: number };

/** The size of a copy fitted inside `maxPx` square, never enlarged (as the resize trigger makes them). */
function fitInside(size: Size, maxPx: number): Size {
  const scale = Math.min(1, maxPx / Math.max(size.width, size.height));
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/** The size of the 2048 px copy of an image of this size: fitted inside 2048 px, never enlarged. */
export const fit2048 = (size: Size): Size => fitInside(size, OPTIMIZED_MAX_PX);

type PhotoUrl = FulfilledPreview['photoUrls'][string];

/**
 * The grid's WebP `srcset`: the grid-sized thumbnail and the 400 px one, each by its width (the browser
 * takes the grid-sized one where it covers the column at the screen's density). The 400 px one alone
 * when the order lacks the other or the photo's size, or when the two would be the same width.
 */
export function gridWebpSrcSet(entry: PhotoUrl, fullSize: Size | undefined): string | undefined {
  if (!entry.thumbnailWebpUrl) return undefined;
  if (!entry.gridWebpUrl || !fullSize) return entry.thumbnailWebpUrl;
  const thumbnailWidth = fitInside(fullSize, THUMBNAIL_MAX_PX).width;
  const gridWidth = Math.min(thumbnailWidth, GRID_THUMBNAIL_WIDTH_PX);
  if (gridWidth >= thumbnailWidth) return entry.thumbnailWebpUrl;
  return `${entry.gridWebpUrl} ${gridWidth}w, ${entry.thumbnailWebpUrl} ${thumbnailWidth}w`;
}

/**
 * The order's photos as shown, in the order the server gave; an entry with nothing to show is an error,
 * not a hole.
 */
export function shownPhotos(
  photoUrls: FulfilledOrder['photoUrls'] | FulfilledPreview['photoUrls'],
): ShownPhoto[] {
  const entries = Object.entries<Partial<FulfilledOrder['photoUrls'][string]>>(photoUrls);
  return entries.map(([photoId, entry]) => {
    const gridSrc = entry.thumbnailUrl ?? entry.url;
    if (!gridSrc) throw new Error(galleryErrors.invalidPhotoUrlData);
    const fullSize = entry.width && entry.height ? { width: entry.width, height: entry.height } : undefined;
    const gridWebp = entry.thumbnailUrl ? gridWebpSrcSet(entry, fullSize) : undefined;
    const shownWebpUrl = entry.optimizedWebpUrl;
    return {
      photoId,
      ...(entry.url ? { url: entry.url } : {}),
      gridSrc,
      ...(gridWebp && { gridWebp }),
      ...(fullSize && shownWebpUrl && { shownWebp: { src: shownWebpUrl, ...fit2048(fullSize) } }),
      ...gridBox(entry.width, entry.height),
      ...(fullSize && { fullSize }),
    };
  });
}

/** The order's photos with their full-size images; an entry without a URL is an error, not a hole. */
export function galleryPhotos(photoUrls: FulfilledOrder['photoUrls']): GalleryPhoto[] {
  return shownPhotos(photoUrls).map((photo) => {
    if (!photo.url) throw new Error(galleryErrors.invalidPhotoUrlData);
    return { ...photo, url: photo.url };
  });
}

// The masonry's layout is shared with the public gallery's grid (web/src/lib/masonry.ts).
export { GRID_WIDTH_CSS, masonryColumns, masonrySpacing } from '../../lib/masonry';
