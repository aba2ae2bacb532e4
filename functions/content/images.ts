/**
 * The image CDN part of the content API: `/images/{projectId}/{dataset}/{id}-{W}x{H}.{ext}?w=&h=`, the
 * URL `@sanity/image-url` builds from an asset reference, answered from the bundled image files
 * and resized with sharp. With both w and h the image is cropped to fill (Sanity's default);
 * `fit=max` or `fit=clip` keeps the whole image inside the box instead. `fm=` asks for a format;
 * `auto=format` answers WebP to a browser whose Accept header takes it, as Sanity's CDN does (which
 * also tries AVIF: WebP is the one this stand-in makes), varying on Accept.
 *
 * sharp (a native module) is imported on the first resize only: the content Lambda serves queries
 * too, and those should not pay for loading libvips at a cold start.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const FILE_NAME = /^[A-Za-z0-9]+-\d+x\d+\.(jpg|png|webp)$/;
const MAX_SIDE = 4000;
const FORMATS = ['jpg', 'png', 'webp'] as const;
type ImageFormat = (typeof FORMATS)[number];
const isFormat = (value: string | null): value is ImageFormat => FORMATS.includes(value as ImageFormat);

export interface ImageRequest {
  fileName: string;
  /** The format answered: `fm`, or WebP for `auto=format` when accepted, or the file's own. */
  format: ImageFormat;
  /** Whether the answer depends on the Accept header (`auto=format`). */
  variesOnAccept: boolean;
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

function answeredFormat(
  source: ImageFormat,
  search: URLSearchParams,
  accept: string,
): ImageFormat | undefined {
  const fm = search.get('fm');
  if (fm !== null) return isFormat(fm) ? fm : undefined;
  return search.get('auto') === 'format' && accept.includes('image/webp') ? 'webp' : source;
}

/**
 * The image request of a file name, search and Accept header; undefined when the name, a size or the
 * format asked for is not valid.
 */
export function parseImageRequest(
  fileName: string,
  search: URLSearchParams,
  accept = '',
): ImageRequest | undefined {
  const match = FILE_NAME.exec(fileName);
  if (!match) return undefined;
  const width = side(search.get('w'));
  const height = side(search.get('h'));
  const format = answeredFormat(match[1] as ImageFormat, search, accept);
  if (Number.isNaN(width) || Number.isNaN(height) || !format) return undefined;
  const fitParam = search.get('fit');
  return {
    fileName,
    format,
    variesOnAccept: search.get('auto') === 'format' && search.get('fm') === null,
    ...(width !== undefined && { width }),
    ...(height !== undefined && { height }),
    fit: fitParam === 'max' || fitParam === 'clip' ? 'inside' : 'cover',
  };
}

export const imageContentType = (format: ImageFormat): string =>
  format === 'jpg' ? 'image/jpeg' : `image/${format}`;

/**
 * The file's bytes, resized when w or h is given and converted when another format is asked for;
 * undefined when the file does not exist.
 */
export async function renderImage(imagesDir: string, request: ImageRequest): Promise<Buffer | undefined> {
  let original: Buffer;
  try {
    original = await readFile(path.join(imagesDir, request.fileName));
  } catch {
    return undefined;
  }
  const sameFormat = path.extname(request.fileName) === `.${request.format}`;
  if (request.width === undefined && request.height === undefined && sameFormat) return original;
  const { default: sharp } = await import('sharp');
  return sharp(original)
    .resize({ width: request.width, height: request.height, fit: request.fit, withoutEnlargement: false })
    .toFormat(request.format === 'jpg' ? 'jpeg' : request.format)
    .toBuffer();
}
