/**
 * The seller app's web app manifest, written into the build as /manifest.webmanifest by
 * web/scripts/seller-app.ts with the icons it draws from /favicon.svg. Pure data: the build and the
 * tests read it; the SPA only links it (install-seller-app.ts).
 */
import { SELLER_WORKER_SCOPE } from './seller-worker-routing';

export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/** index.html's `<meta name="theme-color">`: the installed app's title bar and splash screen. */
export const APP_THEME_COLOUR = '#111827';

/** The source of every icon, and its background colour (the maskable icon's full-bleed backdrop). */
export const ICON_SOURCE = 'favicon.svg';
export const ICON_BACKGROUND = '#1d4ed8';

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
  /** The share of the icon's side the artwork takes (the rest is ICON_BACKGROUND). */
  artworkScale: number;
  size: number;
}

const icon = (size: number, purpose: ManifestIcon['purpose']): ManifestIcon => ({
  src: `/icons/seller-${purpose}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
  // A maskable icon's artwork stays inside the central circle every mask keeps (80 % of the side):
  // a square of 55 % has a diagonal of 78 %.
  artworkScale: purpose === 'maskable' ? 0.55 : 1,
  size,
});

export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  icon(192, 'any'),
  icon(512, 'any'),
  icon(512, 'maskable'),
];

/** Opens on the seller's galleries, where uploads start; the whole site is in scope (see the worker's). */
export const WEB_APP_MANIFEST = {
  id: '/galleries',
  name: 'Shutterlane for sellers',
  short_name: 'Shutterlane',
  description: 'Your galleries, uploads and orders, on your phone and laptop.',
  start_url: '/galleries',
  scope: SELLER_WORKER_SCOPE,
  display: 'standalone',
  theme_color: APP_THEME_COLOUR,
  background_color: APP_THEME_COLOUR,
  icons: MANIFEST_ICONS.map(({ src, sizes, type, purpose }) => ({ src, sizes, type, purpose })),
} as const;
