/**
 * Turns an uploaded logo file into the stored logo: a PNG that fits BRANDING_LIMITS.logoBox, transparency
 * kept, EXIF orientation applied. What the browser said the file is counts for nothing: the bytes are
 * decoded, and only PNG, JPEG and WebP are taken (sharp also reads SVG, which can reference other files).
 */
import sharp from 'sharp';
import { BRANDING_LIMITS } from '#shared/rules/branding';

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

export interface ProcessedLogo {
  png: Buffer;
  width: number;
  height: number;
}

/** The stored logo, or undefined when the file is not an image of an accepted format. */
export async function processLogo(file: Buffer): Promise<ProcessedLogo | undefined> {
  const options = { limitInputPixels: BRANDING_LIMITS.logoInputPixels, failOn: 'error' } as const;
  try {
    const { format } = await sharp(file, options).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return undefined;
    const { data, info } = await sharp(file, options)
      .rotate()
      .resize({ ...BRANDING_LIMITS.logoBox, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    // Not decodable (truncated, not an image, above the pixel limit): the seller is told to choose another.
    return undefined;
  }
}
