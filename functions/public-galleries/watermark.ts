/**
 * Watermarked previews of a public gallery (issue 16), drawn when a preview is first asked for, so a
 * new watermark needs no re-upload. Text is drawn as glyph outlines (opentype.js over a font file from
 * npm), never as SVG text: Lambda has no system fonts, and librsvg would draw text with whatever
 * fontconfig finds, or nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';
import type { Watermark } from '#shared/schemas/public-gallery';

/** Widths of the two previews: the grid's (as the customer grid's 400 px thumbnail) and the viewer's cap. */
export const PREVIEW_WIDTH = { grid: 400, full: 1200 } as const;
export type PreviewSize = keyof typeof PREVIEW_WIDTH;

const FONT_FILE = '@fontsource/roboto/files/roboto-latin-700-normal.woff';
let font: opentype.Font | undefined;

function watermarkFont(): opentype.Font {
  if (!font) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

interface Box {
  width: number;
  height: number;
}

/** The text as one SVG path at the origin, with its size, scaled to about `share` of the image's width. */
function textPath(text: string, image: Box, share: number) {
  const probe = watermarkFont().getPath(text, 0, 0, 100);
  const bounds = probe.getBoundingBox();
  const fontSize = Math.max(12, (100 * image.width * share) / Math.max(1, bounds.x2 - bounds.x1));
  const path = watermarkFont().getPath(text, 0, 0, fontSize);
  const box = path.getBoundingBox();
  return { data: path.toPathData(1), x: box.x1, y: box.y1, width: box.x2 - box.x1, height: box.y2 - box.y1 };
}

const MARGIN = 0.04;

function placements(watermark: Watermark, image: Box, mark: Box): Array<{ x: number; y: number }> {
  const margin = Math.round(Math.min(image.width, image.height) * MARGIN);
  const right = image.width - mark.width - margin;
  const bottom = image.height - mark.height - margin;
  switch (watermark.position) {
    case 'top-left':
      return [{ x: margin, y: margin }];
    case 'top-right':
      return [{ x: right, y: margin }];
    case 'bottom-left':
      return [{ x: margin, y: bottom }];
    case 'bottom-right':
      return [{ x: right, y: bottom }];
    case 'center':
      return [{ x: (image.width - mark.width) / 2, y: (image.height - mark.height) / 2 }];
    case 'tiled': {
      const spots: Array<{ x: number; y: number }> = [];
      const stepX = mark.width * 1.6;
      const stepY = mark.height * 4;
      for (let row = 0, y = margin; y < image.height; row++, y += stepY)
        for (let x = (row % 2) * (stepX / 2) - mark.width / 2; x < image.width; x += stepX)
          spots.push({ x, y });
      return spots;
    }
  }
}

/** The watermark as an SVG the size of the image: white glyphs with a dark outline, at the seller's opacity. */
export function watermarkSvg(watermark: Watermark, image: Box): string {
  if (watermark.kind !== 'text') throw new Error('logo watermarks are not drawn yet');
  const share = watermark.position === 'tiled' ? 0.28 : watermark.position === 'center' ? 0.6 : 0.35;
  const text = textPath(watermark.text, image, share);
  const stroke = Math.max(1, text.height / 18);
  const marks = placements(watermark, image, text)
    .map(
      ({ x, y }) =>
        `<path transform="translate(${(x - text.x).toFixed(1)} ${(y - text.y).toFixed(1)})" d="${text.data}"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}">` +
    `<g fill="#fff" stroke="#000" stroke-opacity="0.45" stroke-width="${stroke.toFixed(1)}" opacity="${watermark.opacity}">` +
    `${marks}</g></svg>`
  );
}

/** A preview of the photo's 2048 px copy: at most PREVIEW_WIDTH[size] wide (and the full one as high), watermarked, WebP. */
export async function renderPreview(
  optimized: Buffer,
  size: PreviewSize,
  watermark: Watermark,
): Promise<Buffer> {
  const limit = PREVIEW_WIDTH[size];
  const resized = await sharp(optimized)
    .rotate()
    .resize({
      width: limit,
      height: size === 'full' ? limit : undefined,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toBuffer({ resolveWithObject: true });
  const image = { width: resized.info.width, height: resized.info.height };
  return sharp(resized.data)
    .composite([{ input: Buffer.from(watermarkSvg(watermark, image)) }])
    .webp({ quality: 72 })
    .toBuffer();
}
