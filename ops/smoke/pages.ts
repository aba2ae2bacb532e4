/**
 * The browser side of the smoke test: Chromium with the project's flags, fresh pages that answer the
 * cookie banner as a visitor would, and waits that end with what the page says when it shows an error
 * instead of what the step expected.
 */
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../chromium';
import type { SmokeOptions } from './flags';

export async function launchChromium(
  options: Pick<SmokeOptions, 'chromiumPath' | 'chromiumFlags'>,
): Promise<Browser> {
  try {
    await access(options.chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`no Chromium at ${options.chromiumPath}: pass --chromium or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: options.chromiumPath,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...options.chromiumFlags],
  });
}

/**
 * Playwright's own waits give up a little before the step's deadline, so a step that hangs on one
 * wait reports what it was waiting for rather than only that time ran out.
 */
export const actionTimeout = (stepTimeoutMs: number) => Math.floor(stepTimeoutMs * 0.9);

/**
 * A page in a new browser context: no cookies, no storage, no session, like a customer's phone.
 * When the cookie banner stands in the way of a click, it is answered 'Reject Non-Essential', so a
 * smoke run never loads analytics or a tracking pixel and is never counted as a visit.
 */
export async function freshPage(browser: Browser, stepTimeoutMs: number): Promise<Page> {
  const context = await browser.newContext();
  context.setDefaultTimeout(actionTimeout(stepTimeoutMs));
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByRole('button', { name: 'Reject Non-Essential' }), (button) =>
    button.click().catch((error: unknown) => {
      // A step that ends by closing its context can do so while the banner is being answered; the
      // click then has nothing left to click, which is not a failure of the step.
      if (!page.isClosed()) throw error;
    }),
  );
  return page;
}

/** The page's main landmark, where the SPA shows each screen and its errors. */
export const main = (page: Page) => page.getByRole('main');

/** What a screen came to: the expected element, or the text of the problem shown instead. */
export type ScreenOutcome = { shown: true } | { shown: false; said: string };

/** Waits until `expected` or `problem` is visible (one of them must come within the timeout). */
export async function screenOutcome(expected: Locator, problem: Locator): Promise<ScreenOutcome> {
  await expected.or(problem).first().waitFor();
  if (await expected.first().isVisible()) return { shown: true };
  return { shown: false, said: (await problem.first().innerText()).trim() };
}

/** As screenOutcome, but a problem fails the step with what the page says. */
export async function expectScreen(expected: Locator, problem: Locator, what: string): Promise<void> {
  const outcome = await screenOutcome(expected, problem);
  if (!outcome.shown) throw new Error(`${what}: the page says "${outcome.said}"`);
}

/** A signed URL without its signature, fit for a log line. */
const withoutQuery = (src: string | null) => (src ? src.split('?')[0] : 'no src');

/** The image was fetched and decoded (a broken or refused image has no natural width). */
export async function expectImageLoaded(image: Locator, what: string): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const width = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => undefined);
    return element.naturalWidth;
  });
  if (width === 0) throw new Error(`${what} did not load (${withoutQuery(await image.getAttribute('src'))})`);
}
