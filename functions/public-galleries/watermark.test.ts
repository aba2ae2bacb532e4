import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Watermark } from '#shared/schemas/public-gallery';
import { renderPreview, watermarkSvg } from './watermark';

const grey = () =>
  sharp({ create: { width: 2048, height: 1365, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .jpeg()
    .toBuffer();

const text = (position: Watermark['position']): Watermark => ({
  kind: 'text',
  text: 'Harbour Photos',
  position,
  opacity: 1,
});

/** Share of pixels brighter than the grey background: where the white watermark was drawn. */
async function markedShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (const value of data) if (value > 160) bright++;
  return bright / (info.width * info.height);
}

describe('watermarked previews', () => {
  it('caps the full preview at 1200 px and the grid one at 400 px wide, as WebP', async () => {
    const source = await grey();
    const full = await sharp(await renderPreview(source, 'full', text('center'))).metadata();
    const grid = await sharp(await renderPreview(source, 'grid', text('center'))).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1200 });
    expect(full.height).toBeLessThanOrEqual(1200);
    expect(grid).toMatchObject({ format: 'webp', width: 400 });
  });

  it('draws the text as outlines (no font needed where it runs), covering more when tiled', async () => {
    const svg = watermarkSvg(text('bottom-right'), { width: 1200, height: 800 });
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/<path transform="translate\([\d.-]+ [\d.-]+\)" d="M/);
    const source = await grey();
    const corner = await markedShare(await renderPreview(source, 'full', text('bottom-right')));
    const tiled = await markedShare(await renderPreview(source, 'full', text('tiled')));
    expect(corner).toBeGreaterThan(0.003);
    expect(tiled).toBeGreaterThan(corner * 3);
  });

  it('puts a corner mark in its corner', async () => {
    const { data, info } = await sharp(await renderPreview(await grey(), 'full', text('top-left')))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const brightIn = (x0: number, x1: number, y0: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (data[y * info.width + x]! > 160) n++;
      return n;
    };
    const half = { w: info.width / 2, h: info.height / 2 };
    expect(brightIn(0, half.w, 0, half.h)).toBeGreaterThan(100);
    expect(brightIn(half.w, info.width, half.h, info.height)).toBe(0);
  });
});
