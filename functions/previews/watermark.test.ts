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

  it("draws the seller's logo at the chosen corner and opacity, and never renders a logo mark without it", async () => {
    // A solid white 300×150 logo: bright where it lands on the grey photo, fainter at a lower opacity.
    const png = await sharp({ create: { width: 300, height: 150, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const logo = { png, width: 300, height: 150 };
    const mark = (position: Watermark['position'], opacity: number): Watermark => ({
      kind: 'logo',
      position,
      opacity,
    });
    const source = await grey();
    const preview = await renderPreview(source, 'full', mark('bottom-right', 1), png);
    const { data, info } = await sharp(preview).greyscale().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[Math.round(y) * info.width + Math.round(x)]!;
    // 35% of 1200 px wide: about 420×210, a margin from the bottom-right corner.
    expect(at(info.width - 100, info.height - 100)).toBeGreaterThan(240);
    expect(at(100, 100)).toBeLessThan(100);
    const faint = await sharp(await renderPreview(source, 'full', mark('bottom-right', 0.3), png))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const faintValue = faint.data[(info.height - 100) * info.width + (info.width - 100)]!;
    expect(faintValue).toBeGreaterThan(110);
    expect(faintValue).toBeLessThan(160);
    expect(
      watermarkSvg(mark('tiled', 1), { width: 1200, height: 800 }, logo).match(/<image /g)!.length,
    ).toBeGreaterThanOrEqual(8);
    expect(() => watermarkSvg(mark('center', 1), { width: 1200, height: 800 })).toThrow();
  });
});
