/**
 * The image CDN part of the content API: `/images/{projectId}/{dataset}/{id}-{W}x{H}.{ext}?w=&h=`, the
 * URL `@sanity/image-url` builds from an asset reference, answered from the bundled image files
 * and resized with sharp. With both w and h the image is cropped to fill (Sanity's default);
 * `fit=max` or `fit=clip` keeps the whole image inside the box instead.
 *
 * sharp (a native module) is imported on the first resize only: the content Lambda serves queries
 * too, and those should not pay for loading libvips at a cold start.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const FILE_NAME = /^[A-Za-z0-9]+-\d+x\d+\.(jpg|png|webp)$/;
const MAX_SIDE = 4000;

export interface ImageRequest {
  fileName: string;
  format: 'jpg' | 'png' | 'webp';
  width?: number;
  height?: number;
  fit: 'cover' | 'inside';
}

const side = (raw: string | null): number | undefined => {
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE) return Number.NaN;
  return value;
};

/** The image request of a file name and search; undefined when the name or a size is not valid. */
export function parseImageRequest(fileName: string, search: URLSearchParams): ImageRequest | undefined {
  const match = FILE_NAME.exec(fileName);
  if (!match) return undefined;
  const width = side(search.get('w'));
  const height = side(search.get('h'));
  if (Number.isNaN(width) || Number.isNaN(height)) return undefined;
  const fitParam = search.get('fit');
  return {
    fileName,
    format: match[1] as ImageRequest['format'],
    ...(width !== undefined && { width }),
    ...(height !== undefined && { height }),
    fit: fitParam === 'max' || fitParam === 'clip' ? 'inside' : 'cover',
  };
}

export const imageContentType = (format: ImageRequest['format']): string =>
  format === 'jpg' ? 'image/jpeg' : `image/${format}`;

/** The file's bytes, resized when w or h is given; undefined when the file does not exist. */
export async function renderImage(imagesDir: string, request: ImageRequest): Promise<Buffer | undefined> {
  let original: Buffer;
  try {
    original = await readFile(path.join(imagesDir, request.fileName));
  } catch {
    return undefined;
  }
  if (request.width === undefined && request.height === undefined) return original;
  const { default: sharp } = await import('sharp');
  return sharp(original)
    .resize({ width: request.width, height: request.height, fit: request.fit, withoutEnlargement: false })
    .toBuffer();
}
