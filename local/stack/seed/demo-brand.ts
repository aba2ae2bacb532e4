/**
 * The demo seller's brand: a business name and a logo, so the public gallery, the order pages
 * and the emails show them out of the box. The logo is drawn here from shapes (no font, no file to
 * license) and stored as the branding Lambda stores an uploaded one.
 */
import sharp from 'sharp';
import { bucketsEnv } from '../../../functions/lib/env';
import { newLogoId } from '../../../functions/lib/ids';
import type { StoredLogo } from '../../../functions/domains/sellers/seller-store';
import { writeObject } from '../../../functions/lib/s3';
import { objectKeys } from '../../../shared/platform/storage-layout';

export const DEMO_BUSINESS_NAME = 'Harbour Light Photography';

/** A lens ring with a lighthouse beam beside three bars: 480×160, transparent around it. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <circle cx="80" cy="80" r="64" fill="none" stroke="#0f766e" stroke-width="16"/>
  <circle cx="80" cy="80" r="26" fill="#f59e0b"/>
  <path d="M106 70 L200 40 L200 120 L106 90 Z" fill="#f59e0b" opacity="0.8"/>
  <rect x="230" y="42" width="220" height="18" rx="9" fill="#0f766e"/>
  <rect x="230" y="72" width="170" height="16" rx="8" fill="#134e4a"/>
  <rect x="230" y="100" width="120" height="14" rx="7" fill="#134e4a" opacity="0.7"/>
</svg>`;

export async function putDemoLogo(): Promise<StoredLogo> {
  const { data, info } = await sharp(Buffer.from(LOGO_SVG)).png().toBuffer({ resolveWithObject: true });
  const logo = { logoId: newLogoId(), width: info.width, height: info.height };
  await writeObject(bucketsEnv().DERIVED_BUCKET, objectKeys.logo(logo.logoId), data, {
    contentType: 'image/png',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  return logo;
}
