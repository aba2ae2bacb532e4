/**
 * Our own app-store badges (make-media.ts writes them to web/public/media): a dark pill with a generic
 * phone or play glyph and the store's name. Deliberately not Apple's or Google's badge artwork, whose
 * use needs their marketing approval; the store names alone are nominative.
 */
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

function badge(title: string, kicker: string, store: string, glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="176" height="50" viewBox="0 0 176 50" role="img" aria-label="${title}">
  <title>${title}</title>
  <rect x="0.5" y="0.5" width="175" height="49" rx="10" fill="#0f172a" stroke="#94a3b8"/>
  ${glyph}
  <text x="52" y="20" fill="#e2e8f0" font-size="10" ${FONT}>${kicker}</text>
  <text x="52" y="38" fill="#ffffff" font-size="17" font-weight="600" ${FONT}>${store}</text>
</svg>
`;
}

/** A phone outline with a download arrow. */
const PHONE_GLYPH = `<g fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <rect x="16" y="10" width="20" height="30" rx="4"/>
    <path d="M26 17v12M21.5 24.5 26 29l4.5-4.5"/>
    <path d="M23 35h6"/>
  </g>`;

/** A rounded play triangle. */
const PLAY_GLYPH = `<path d="M19 12.5v25a2 2 0 0 0 3 1.7l21-12.5a2 2 0 0 0 0-3.4l-21-12.5a2 2 0 0 0-3 1.7z" fill="none" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/>`;

export const BADGES = {
  'app-store-badge.svg': badge('Download on the App Store', 'Download on the', 'App Store', PHONE_GLYPH),
  'google-play-badge.svg': badge('Get it on Google Play', 'Get it on', 'Google Play', PLAY_GLYPH),
} as const;
