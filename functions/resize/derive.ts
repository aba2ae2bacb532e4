/**
 * Pure image work of the resize trigger: from an original, a 400 px thumbnail and a 2048 px copy,
 * both JPEG, EXIF orientation applied and every metadata block (EXIF with GPS location, XMP) dropped,
 * which is sharp's default for output. Dimensions are those of the upright original.
 */
import sharp, { type Sharp } from 'sharp';
import { OPTIMIZED_MAX_PX, THUMBNAIL_MAX_PX } from '../../shared/constants';

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

const resized = (image: Sharp, maxPx: number, quality: number) =>
  image
    .clone()
    .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();

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
  const upright = source.rotate();
  const [thumbnail, optimized] = await Promise.all([
    resized(upright, THUMBNAIL_MAX_PX, 78),
    resized(upright, OPTIMIZED_MAX_PX, 85),
  ]);
  return { thumbnail, optimized, ...uprightSize(meta) };
}
