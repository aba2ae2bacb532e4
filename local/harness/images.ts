/**
 * Images the tests upload, drawn with sharp: one colour, or gaussian noise (distinct bytes per photo
 * and realistic JPEG sizes). `background` is any colour sharp reads ('#123456', { r, g, b }).
 */
import sharp from 'sharp';

type Colour = string | { r: number; g: number; b: number };

const solid = (width: number, height: number, background: Colour, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

export const solidJpeg = (width: number, height: number, background: Colour): Promise<Buffer> =>
  solid(width, height, background).jpeg().toBuffer();

/** With an alpha channel, as a logo is. */
export const solidPng = (width: number, height: number, background: Colour): Promise<Buffer> =>
  solid(width, height, background, 4).png().toBuffer();

/** Uncompressed: 3 bytes a pixel, so a size in bytes is easy to reach (multipart uploads). */
export const uncompressedTiff = (width: number, height: number, background: Colour): Promise<Buffer> =>
  solid(width, height, background).tiff({ compression: 'none' }).toBuffer();

/** A photo-like JPEG: noise around `mean` brightness, so each `mean` gives different bytes. */
export const noisyJpeg = (width: number, height: number, mean: number, quality = 85): Promise<Buffer> =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } },
  })
    .jpeg({ quality })
    .toBuffer();
