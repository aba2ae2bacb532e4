import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { NotAnImageError, deriveImages, receiveOriginal, uprightSize } from './derive';

async function jpeg(width: number, height: number, withExif: { orientation?: number; gps?: boolean } = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg();
  if (withExif.orientation || withExif.gps) {
    image = image.withMetadata({
      ...(withExif.orientation && { orientation: withExif.orientation }),
      ...(withExif.gps && { exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } }),
    });
  }
  return image.toBuffer();
}

describe('deriveImages', () => {
  it('makes a 400 px thumbnail and a 2048 px copy and reports the original size', async () => {
    const result = await deriveImages(await jpeg(3000, 2000));
    expect(result).toMatchObject({ width: 3000, height: 2000 });
    const thumb = await sharp(result.thumbnail).metadata();
    const optimized = await sharp(result.optimized).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([400, 267, 'jpeg']);
    expect([optimized.width, optimized.height]).toEqual([2048, 1365]);
  });

  it('makes WebP twins of both copies at the same sizes, without metadata', async () => {
    const result = await deriveImages(await jpeg(3000, 2000, { gps: true }));
    const thumb = await sharp(result.thumbnailWebp).metadata();
    const optimized = await sharp(result.optimizedWebp).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([400, 267, 'webp']);
    expect([optimized.width, optimized.height, optimized.format]).toEqual([2048, 1365, 'webp']);
    expect(optimized.exif).toBeUndefined();
  });

  it('makes a WebP thumbnail 240 px wide for the grid, the height following, never enlarged', async () => {
    const landscape = await sharp((await deriveImages(await jpeg(3000, 2000))).gridWebp).metadata();
    const portrait = await sharp((await deriveImages(await jpeg(1000, 1500))).gridWebp).metadata();
    const small = await sharp((await deriveImages(await jpeg(150, 100))).gridWebp).metadata();
    expect([landscape.width, landscape.height, landscape.format]).toEqual([240, 160, 'webp']);
    expect([portrait.width, portrait.height]).toEqual([240, 360]);
    expect([small.width, small.height]).toEqual([150, 100]);
  });

  it('derives the same from an original streamed in as from its bytes', async () => {
    const original = await jpeg(1200, 800, { orientation: 6 });
    const halves = [original.subarray(0, 5000), original.subarray(5000)];
    const streamed = await deriveImages(await receiveOriginal(Readable.from(halves)));
    const buffered = await deriveImages(original);
    expect(streamed).toMatchObject({ width: 800, height: 1200 });
    expect(streamed.thumbnail.equals(buffered.thumbnail)).toBe(true);
    expect(streamed.optimizedWebp.equals(buffered.optimizedWebp)).toBe(true);
  });

  it("rejects with the stream's own error when the read breaks off, not as a bad image", async () => {
    const broken = new Readable({ read() {} });
    const received = receiveOriginal(broken);
    broken.push(Buffer.alloc(1000));
    broken.destroy(new Error('socket hang up'));
    await expect(received).rejects.toThrow('socket hang up');
  });

  it('never enlarges a small original', async () => {
    const result = await deriveImages(await jpeg(300, 200));
    expect((await sharp(result.optimized).metadata()).width).toBe(300);
    expect((await sharp(result.gridWebp).metadata()).width).toBe(240);
  });

  it('applies EXIF orientation and strips location metadata', async () => {
    const result = await deriveImages(await jpeg(600, 300, { orientation: 6, gps: true }));
    expect(result).toMatchObject({ width: 300, height: 600 });
    const thumb = await sharp(result.thumbnail).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 400]);
    expect(thumb.exif).toBeUndefined();
    expect(thumb.orientation).toBeUndefined();
  });

  it('rejects a file that is not an image, or a vector drawing, by its content', async () => {
    await expect(deriveImages(Buffer.from('not an image at all'))).rejects.toThrow(NotAnImageError);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expect(deriveImages(Buffer.from(svg))).rejects.toThrow(NotAnImageError);
  });
});

describe('uprightSize', () => {
  it('swaps width and height for quarter-turn orientations', () => {
    expect(uprightSize({ width: 4, height: 3, orientation: 1 })).toEqual({ width: 4, height: 3 });
    expect(uprightSize({ width: 4, height: 3, orientation: 8 })).toEqual({ width: 3, height: 4 });
  });
});
