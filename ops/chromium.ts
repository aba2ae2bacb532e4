/**
 * The headless Chromium every tool here drives (the smoke test, the end-to-end tests, the Lighthouse
 * bench): Debian's package, and the flags this kind of machine needs (no sandbox as root, no GPU, and no
 * background network traffic, which a closed network refuses many times over).
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/lib/chromium/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
