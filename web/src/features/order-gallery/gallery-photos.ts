/**
 * What the grid and the viewer show for a fulfilled order (public document, sections 3 and 9): one
 * item per photo, keyed by photo id, with the 200 x 200 default box, or the longer side 200 and the
 * other following the aspect ratio when the order gives dimensions.
 */
import { MASONRY, OPTIMIZED_MAX_PX } from '#shared/constants';
import { galleryErrors } from '#shared/errors';
import type { FulfilledOrder } from '#shared/schemas/order';

export interface GalleryPhoto {
  photoId: string;
  /** The full-size image (original or optimized copy): viewer, downloads, share, ZIP. */
  url: string;
  /** What the grid shows: the thumbnail when the server gives one, the full-size image otherwise. */
  gridSrc: string;
  /** The thumbnail as WebP, which the grid shows instead where the browser takes it. */
  gridWebp?: string;
  /** The 2048 px copy as WebP, which the viewer shows where it is enough for the screen. */
  shownWebp?: { src: string; width: number; height: number };
  width: number;
  height: number;
  /** The delivered image's real size, when known (the viewer's srcSet needs it). */
  fullSize?: { width: number; height: number };
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

/** The size of the 2048 px copy of an image of this size: fitted inside 2048 px, never enlarged. */
export function fit2048(size: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, OPTIMIZED_MAX_PX / Math.max(size.width, size.height));
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/** The order's photos in the order the server gave; an entry without a URL is an error, not a hole. */
export function galleryPhotos(photoUrls: FulfilledOrder['photoUrls']): GalleryPhoto[] {
  return Object.entries(photoUrls).map(([photoId, entry]) => {
    if (!entry?.url) throw new Error(galleryErrors.invalidPhotoUrlData);
    const fullSize = entry.width && entry.height ? { width: entry.width, height: entry.height } : undefined;
    return {
      photoId,
      url: entry.url,
      gridSrc: entry.thumbnailUrl ?? entry.url,
      ...(entry.thumbnailUrl && entry.thumbnailWebpUrl && { gridWebp: entry.thumbnailWebpUrl }),
      ...(fullSize &&
        entry.optimizedWebpUrl && { shownWebp: { src: entry.optimizedWebpUrl, ...fit2048(fullSize) } }),
      ...gridBox(entry.width, entry.height),
      ...(fullSize && { fullSize }),
    };
  });
}

/** Masonry breakpoints of section 9, widest first: columns and spacing for a container width. */
function breakpointFor(containerWidth: number) {
  return (
    MASONRY.breakpoints.find((breakpoint) => containerWidth >= breakpoint.minWidth) ??
    MASONRY.breakpoints[MASONRY.breakpoints.length - 1]!
  );
}
export const masonryColumns = (containerWidth: number): number => breakpointFor(containerWidth).columns;
export const masonrySpacing = (containerWidth: number): number => breakpointFor(containerWidth).spacing;
