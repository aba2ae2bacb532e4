/**
 * What the customer journeys need from a browser engine, whichever protocol drives it (Firefox over
 * WebDriver BiDi with puppeteer-core, WebKit over classic WebDriver with selenium-webdriver): open a
 * page, find an element as a customer does (by its role and accessible name, test/support/engines/
 * page-query.ts), click, type, pick a file, run a script, and the folder where the engine saves downloads.
 */
import { existsSync } from 'node:fs';
import { describe } from 'vitest';

/** A role and accessible name (exact, or a pattern), as playwright's getByRole takes them. */
export interface Target {
  role: 'button' | 'link' | 'heading' | 'checkbox' | 'textbox' | 'img' | 'alert' | 'progressbar';
  name: string | RegExp;
}

/** The keys the journeys press (the viewer's). */
export type PageKey = 'ArrowLeft' | 'ArrowRight' | 'Escape';

export interface EnginePage {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Waits until the target is on the page and visible. */
  waitFor(target: Target, timeoutMs?: number): Promise<void>;
  /** Waits until the page's visible text contains `text`. */
  waitForText(text: string, timeoutMs?: number): Promise<void>;
  /** How many visible elements match the target now. */
  count(target: Target): Promise<number>;
  /** A real click (the engine's input events, with user activation) on the target once it is enabled. */
  click(target: Target): Promise<void>;
  /** Presses a key on the focused element, as the engine's keyboard input. */
  press(key: PageKey): Promise<void>;
  /** Types `value` into the text field labelled `label`. */
  fill(label: string, value: string): Promise<void>;
  /** Picks `path` in the file input labelled `label`. */
  setFile(label: string, path: string): Promise<void>;
  /**
   * Runs `action` (a click) and resolves with the text of the alert it opens, accepted, as a customer
   * closes it.
   */
  acceptAlert(action: () => Promise<void>, timeoutMs?: number): Promise<string>;
  /** Runs a self-contained function in the page (awaited); its result must be JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  /** A page of the browser, with the cookie choice already stored for `appUrl`'s origin. */
  newPage(appUrl: string): Promise<EnginePage>;
  /** Where the engine saves a download without asking. */
  downloadDir: string;
  close(): Promise<void>;
}

/** What the gallery's downloads look for in the browser (zip.ts, zip-download-stream.ts, downloads.ts). */
export interface EngineFeatures {
  /** `showSaveFilePicker`: the ZIP streams to a file the customer picks. */
  fileSystemAccess: boolean;
  /** `navigator.serviceWorker`: the ZIP streams through the download worker. */
  serviceWorker: boolean;
  /** `navigator.share`: the viewer's Share, and on phones 'Save to Photos'. */
  webShare: boolean;
}

export interface Engine {
  name: string;
  /** What this engine offers, as found (docs/decisions.md, "Three engines"). */
  features: EngineFeatures;
  /** The programs the engine needs (the engine itself, its driver, the X server). */
  programs: string[];
  launch(): Promise<EngineBrowser>;
}

/** The programs of `engine` that are not installed. */
export const missingPrograms = (engine: Engine) => engine.programs.filter((program) => !existsSync(program));

/**
 * `describe`, or, with the engine not installed, a skip that says so; in CI a missing engine fails the
 * run instead (`.ci/run` installs them).
 */
export function describeEngine(engine: Engine, body: () => void): void {
  const missing = missingPrograms(engine);
  if (missing.length === 0) {
    describe(`the customer journeys in ${engine.name}`, body);
    return;
  }
  const why = `${engine.name} is not installed (missing ${missing.join(', ')}): apt-get install firefox-esr webkit2gtk-driver xvfb`;
  if (process.env.CI === 'true') throw new Error(why);
  console.warn(`Skipping the customer journeys: ${why}`);
  describe.skip(`the customer journeys in ${engine.name} (skipped: ${why})`, body);
}

/**
 * Polls `check` until it gives a value, or fails after `timeoutMs` saying what was awaited. A check that
 * throws is tried again (a page navigating away takes the handles of its elements with it), and its last
 * error is the timeout's cause.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const found = await check().catch((error: unknown) => {
      lastError = error;
      return undefined;
    });
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      const why = lastError === undefined ? '' : ` (last error: ${String(lastError)})`;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${why}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const describeTarget = ({ role, name }: Target) => `${role} '${String(name)}'`;

/** Waits until the page shows `text`, asking the page through `pageShows` (each driver's own call). */
export const untilPageShows = (text: string, pageShows: () => Promise<unknown>, timeoutMs?: number) =>
  until(`the text '${text}'`, async () => ((await pageShows()) ? true : undefined), timeoutMs);
