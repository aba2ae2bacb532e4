/**
 * Watermarked previews of a public gallery, drawn ahead of visitors (or when one not made
 * yet is first asked for), so a new watermark needs no re-upload. Text is drawn as glyph outlines (opentype.js over a font file from
 * npm), never as SVG text: Lambda has no system fonts, and librsvg would draw text with whatever
 * fontconfig finds, or nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';
import { PREVIEW_WIDTH, type PreviewSize } from '#shared/contract/preview-paths';
import type { Watermark } from '#shared/schemas/public-gallery';

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
      // Rows a little over half a mark's width apart (text) or 1.8 marks apart (a taller logo).
      const stepY = Math.max(mark.height * 1.8, mark.width * 0.57);
      for (let row = 0, y = margin; y < image.height; row++, y += stepY)
        for (let x = (row % 2) * (stepX / 2) - mark.width / 2; x < image.width; x += stepX)
          spots.push({ x, y });
      return spots;
    }
  }
}

/** The seller's logo for a logo watermark: the stored PNG (functions/branding) and its size. */
export interface WatermarkLogo {
  png: Buffer;
  width: number;
  height: number;
}

async function logoOf(png: Buffer): Promise<WatermarkLogo> {
  const { width, height } = await sharp(png).metadata();
  return { png, width: width ?? 1, height: height ?? 1 };
}

/** How much of the image's width one mark takes: a centred one is large, tiled ones small. */
const markShare = (watermark: Watermark): number =>
  watermark.position === 'tiled' ? 0.28 : watermark.position === 'center' ? 0.6 : 0.35;

const svgOf = (image: Box, opacity: number, marks: string, paint = ''): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}">` +
  `<g ${paint}opacity="${opacity}">${marks}</g></svg>`;

/** White glyphs with a dark outline, so the text reads on light and dark photos alike. */
function textMarks(watermark: Watermark & { kind: 'text' }, image: Box): string {
  const text = textPath(watermark.text, image, markShare(watermark));
  const stroke = Math.max(1, text.height / 18);
  const marks = placements(watermark, image, text)
    .map(
      ({ x, y }) =>
        `<path transform="translate(${(x - text.x).toFixed(1)} ${(y - text.y).toFixed(1)})" d="${text.data}"/>`,
    )
    .join('');
  return svgOf(
    image,
    watermark.opacity,
    marks,
    `fill="#fff" stroke="#000" stroke-opacity="0.45" stroke-width="${stroke.toFixed(1)}" `,
  );
}

/**
 * The logo as embedded images (a data URL: librsvg then reads nothing from outside the SVG), scaled to
 * the mark's share of the width and at most a quarter of the height.
 */
function logoMarks(watermark: Watermark, image: Box, logo: WatermarkLogo): string {
  const scale = Math.min(
    (image.width * markShare(watermark)) / logo.width,
    (image.height * 0.25) / logo.height,
  );
  const mark = { width: Math.max(1, logo.width * scale), height: Math.max(1, logo.height * scale) };
  const href = `data:image/png;base64,${logo.png.toString('base64')}`;
  const marks = placements(watermark, image, mark)
    .map(
      ({ x, y }) =>
        `<image x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${mark.width.toFixed(1)}" height="${mark.height.toFixed(1)}" href="${href}"/>`,
    )
    .join('');
  return svgOf(image, watermark.opacity, marks);
}

/** The watermark as an SVG the size of the image, at the seller's opacity: their text, or their logo. */
export function watermarkSvg(watermark: Watermark, image: Box, logo?: WatermarkLogo): string {
  if (watermark.kind === 'text') return textMarks(watermark, image);
  // Never a preview without its mark: a logo watermark without its logo is a fault, not a blank.
  if (!logo) throw new Error('a logo watermark needs the logo');
  return logoMarks(watermark, image, logo);
}

/** A preview of the photo's 2048 px copy: at most PREVIEW_WIDTH[size] wide (and the full one as high), watermarked, WebP. */
export async function renderPreview(
  optimized: Buffer,
  size: PreviewSize,
  watermark: Watermark,
  logoPng?: Buffer,
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
  const logo = logoPng && (await logoOf(logoPng));
  return sharp(resized.data)
    .composite([{ input: Buffer.from(watermarkSvg(watermark, image, logo)) }])
    .webp({ quality: 72 })
    .toBuffer();
}
