/** The photo a smoke run uploads: a small JPEG made on the spot, so the run needs no files of its own. */
import sharp from 'sharp';

export interface SmokePhoto {
  /** The file name, which the gallery shows as the photo's name. */
  name: string;
  mimeType: 'image/jpeg';
  buffer: Buffer;
}

export const SMOKE_PHOTO_NAME = 'smoke-test.jpg';
export const SMOKE_PHOTO_SIZE = { width: 640, height: 480 } as const;

/** A noisy picture rather than a flat colour: the resize path gets real image data to work on. */
export async function smokePhoto(): Promise<SmokePhoto> {
  const buffer = await sharp({
    create: {
      ...SMOKE_PHOTO_SIZE,
      channels: 3,
      background: '#2a6f97',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: SMOKE_PHOTO_NAME, mimeType: 'image/jpeg', buffer };
}
