import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSellerPathname, SELLER_WORKER_SCOPE } from './seller-worker-routing';
import { APP_THEME_COLOUR, MANIFEST_ICONS, WEB_APP_MANIFEST } from './web-app-manifest';

const indexHtml = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');

describe('the seller app manifest', () => {
  it("takes its colours from index.html's theme-color", () => {
    const themeColour = /<meta name="theme-color" content="([^"]+)"/.exec(indexHtml)?.[1];
    expect(themeColour).toBe(APP_THEME_COLOUR);
    expect(WEB_APP_MANIFEST.theme_color).toBe(themeColour);
    expect(WEB_APP_MANIFEST.background_color).toBe(themeColour);
  });

  it('opens standalone on a seller page inside the worker scope', () => {
    expect(WEB_APP_MANIFEST.display).toBe('standalone');
    expect(isSellerPathname(WEB_APP_MANIFEST.start_url)).toBe(true);
    expect(WEB_APP_MANIFEST.start_url.startsWith(WEB_APP_MANIFEST.scope)).toBe(true);
    expect(WEB_APP_MANIFEST.scope).toBe(SELLER_WORKER_SCOPE);
    expect(WEB_APP_MANIFEST.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has PNG icons of 192 and 512 px and a maskable one with its artwork in the safe zone', () => {
    const sizes = WEB_APP_MANIFEST.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(sizes).toEqual(['192x192', '512x512']);
    const maskable = MANIFEST_ICONS.find((icon) => icon.purpose === 'maskable');
    expect(maskable?.size).toBeGreaterThanOrEqual(512);
    // The safe zone is a centred circle of 80 % of the side: a square fits if its diagonal does.
    expect(maskable!.artworkScale * Math.SQRT2).toBeLessThanOrEqual(0.8);
  });
});
