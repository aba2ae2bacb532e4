/**
 * The headless Chromium every tool here drives (the smoke test, the end-to-end tests, the Lighthouse
 * bench): Debian's package, and the flags this kind of machine needs (no sandbox as root, no GPU, and no
 * background network traffic, which a closed network refuses many times over).
 */
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/lib/chromium/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** Debian's `chromium-headless-shell`: Chromium's own headless build, the same Blink without the browser's UI. */
const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium the end-to-end tests drive: the headless shell where it is installed (as Playwright's own
 * headless runs use it), else the full browser; CHROMIUM_PATH names one of them outright. The shell runs
 * the same pages for about a quarter less CPU (docs/decisions.md, "A 15-minute CI"). The Lighthouse bench
 * and the smoke tool keep the full browser, a customer's.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DEFAULT_CHROMIUM_PATH);

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
