/**
 * Pure image work of the resize trigger: from an original, a 400 px thumbnail and a 2048 px copy, each
 * as JPEG (what customers download, and what browsers without WebP show) and as WebP (what pages show:
 * a fraction of the bytes), plus a WebP thumbnail sized to the customer's grid on a desktop, EXIF
 * orientation applied and every metadata block (EXIF with GPS location, XMP) dropped, which is sharp's
 * default for output. Dimensions are those of the upright original. The thumbnail can be had before the
 * other copies (startDerivation), so the seller's grid shows the photo sooner.
 */
import sharp, { type Sharp } from 'sharp';
import { GRID_THUMBNAIL_WIDTH_PX, OPTIMIZED_MAX_PX, THUMBNAIL_MAX_PX } from '#shared/rules/constants';

export interface DerivedImages {
  thumbnail: Buffer;
  optimized: Buffer;
  thumbnailWebp: Buffer;
  optimizedWebp: Buffer;
  /** GRID_THUMBNAIL_WIDTH_PX wide (never enlarged), scaled from the thumbnail's pixels. */
  gridWebp: Buffer;
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

/**
 * WebP rather than AVIF: on this 2-core machine AVIF (effort 0) took longer than WebP for the 2048 px
 * copy, and the trigger's latency is what a seller waits for. The 2048 px copy at effort 2 of 0-6 (about
 * effort 4's size at half its time); the 400 px thumbnail, cheap at any effort, at 6 (some 10% smaller).
 * Qualities chosen to match the JPEGs' (SSIM of the thumbnail on textured 24 MP test photos: WebP q78
 * effort 6 about JPEG q78's 0.962); what WebP saves then depends on the picture: about 10% on grain and
 * noise-like texture, 60% on smooth skies and gradients (bench/page-bytes/page-bytes.ts measures both).
 */
const webp = (image: Sharp, quality: number, effort: number) => image.webp({ quality, effort }).toBuffer();

const inside = { fit: 'inside', withoutEnlargement: true } as const;

/** Raster formats we accept, by content (what sharp detects from the bytes), matching UPLOAD_CONTENT_TYPES. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif', 'heif', 'gif']);

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}

const readOptions = { failOn: 'error' } as const;

/**
 * The original streamed into sharp as its bytes arrive (the S3 body), rather than collected into one
 * buffer first and copied again. Resolves once all of it is in: a failed read rejects with the stream's
 * own error (worth a retry), which deriveImages' NotAnImageError (never worth one) must not be mistaken for.
 */
export function receiveOriginal(body: NodeJS.ReadableStream): Promise<Sharp> {
  const source = sharp(readOptions);
  return new Promise((resolve, reject) => {
    body.once('error', reject);
    source.once('error', reject);
    source.once('finish', () => resolve(source));
    body.pipe(source);
  });
}

/** The 400 px thumbnail, as JPEG and WebP: what the seller's grid shows first. */
export type Thumbnails = Pick<DerivedImages, 'thumbnail' | 'thumbnailWebp'>;
/** The copies made after the thumbnail: the 2048 px copy (JPEG and WebP) and the grid-sized WebP. */
export type LaterCopies = Pick<DerivedImages, 'optimized' | 'optimizedWebp' | 'gridWebp'>;

/**
 * An original decoded once, its copies encoded in two steps: the thumbnail first (the seller's grid can
 * show the photo as soon as it is stored), the other copies after, from the same pixels.
 */
export interface Derivation {
  /** The upright original's size. */
  size: { width: number; height: number };
  thumbnails(): Promise<Thumbnails>;
  laterCopies(): Promise<LaterCopies>;
}

/**
 * Decodes the original (its bytes, or the sharp instance receiveOriginal filled) and checks it is a
 * photo: a NotAnImageError for anything else.
 */
export async function startDerivation(original: Buffer | Sharp): Promise<Derivation> {
  const source = Buffer.isBuffer(original) ? sharp(original, readOptions) : original;
  const meta = await source.metadata().catch((error: unknown) => {
    throw new NotAnImageError(String(error));
  });
  // SVG and other vector or document formats sharp could read are not photos.
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new NotAnImageError(`format ${meta.format}`);
  // One decode (JPEG shrink-on-load straight to about 2048 px), upright, 8-bit sRGB, transparency on
  // white; every copy is encoded from those pixels, the thumbnail's scaled down from them.
  const { data, info } = await source
    .rotate()
    .resize(OPTIMIZED_MAX_PX, OPTIMIZED_MAX_PX, inside)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // The thumbnail's pixels are scaled once and encoded twice (and scaled again for the grid).
  const small = await sharp(data, pixels)
    .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, inside)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smallPixels = {
    raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
  };
  return {
    size: uprightSize(meta),
    thumbnails: async () => {
      const [thumbnail, thumbnailWebp] = await Promise.all([
        jpeg(sharp(small.data, smallPixels), 78),
        webp(sharp(small.data, smallPixels), 78, 6),
      ]);
      return { thumbnail, thumbnailWebp };
    },
    laterCopies: async () => {
      const gridSized = sharp(small.data, smallPixels).resize({
        width: GRID_THUMBNAIL_WIDTH_PX,
        withoutEnlargement: true,
      });
      const [optimized, optimizedWebp, gridWebp] = await Promise.all([
        jpeg(sharp(data, pixels), 85),
        webp(sharp(data, pixels), 80, 2),
        webp(gridSized, 78, 6),
      ]);
      return { optimized, optimizedWebp, gridWebp };
    },
  };
}

/** Every copy at once, from the original's bytes or the sharp instance receiveOriginal filled. */
export async function deriveImages(original: Buffer | Sharp): Promise<DerivedImages> {
  const derivation = await startDerivation(original);
  const [thumbnails, later] = await Promise.all([derivation.thumbnails(), derivation.laterCopies()]);
  return { ...thumbnails, ...later, ...derivation.size };
}
