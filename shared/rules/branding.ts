/**
 * The seller's brand: a business name and a logo, shown to customers on public galleries,
 * order pages and confirmation emails, and usable as a public gallery's watermark. Limits and texts
 * live here once; plain values, so the SPA imports them without the schemas and zod.
 */
export const BRANDING_LIMITS = {
  businessName: 80,
  /** Ours: a logo file is small; 2 MB leaves room for a large PNG export. */
  logoBytes: 2 * 1024 * 1024,
  /** Decoding stops above this many pixels (a small file can claim a huge canvas). */
  logoInputPixels: 25_000_000,
  /** The stored logo fits this box (PNG, transparency kept): sharp on the page, small in an email. */
  logoBox: { width: 800, height: 400 },
} as const;

/** What the browser may send: the formats sharp decodes safely (no SVG: it can reach out and script). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const brandingErrors = {
  logoUploadNotFound: 'That logo upload was not found or has expired. Choose the file again.',
  logoNotImage: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'The logo must be at most 2 MB',
  logoNotFound: 'Logo not found',
  logoChanged: 'Your logo was changed at the same time somewhere else. Reload the page to see it.',
  logoInUse:
    'Your logo is the watermark of a public gallery. Choose a text watermark there before removing the logo.',
  logoWatermarkNeedsLogo: 'Add a logo on your profile page to use it as the watermark',
} as const;
