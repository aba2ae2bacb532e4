/**
 * A customer's walk, in a fresh browser context with no session, with the accessible names of the
 * end-to-end tests (test/e2e/order-access.test.ts, checkout.test.ts, seller-tools.test.ts): a free
 * order asks for an email and then shows its photo; a paid order sends the browser to Stripe's
 * checkout page, where the walk stops (nothing is paid).
 */
import type { Locator, Page } from 'playwright-core';
import { galleryErrors, orderErrors } from '#shared/texts/errors';
import { expectImageLoaded, main, screenOutcome } from './pages';

/** The texts the order page shows when its human check (or the check of the order behind it) fails. */
const HUMAN_CHECK_FAILURES: readonly string[] = [
  orderErrors.captchaFailed,
  orderErrors.orderCheckFailed,
  galleryErrors.robotCheckFailed,
];

/** Where to look when the site's reCAPTCHA may have refused the headless browser. */
export function humanCheckHint(said: string): string {
  if (!HUMAN_CHECK_FAILURES.includes(said) && !/captcha/i.test(said)) return '';
  return (
    " (if the site's reCAPTCHA refused the headless browser: deploy staging with a reCAPTCHA v3 key kept" +
    ' for testing and captchaMinScore=0, see docs/deploy.md; against the live key pass --human-check live-key)'
  );
}

/** A problem on the order page: an alert, or the not-found screen (which has no alert). */
const orderProblem = (page: Page) =>
  main(page)
    .getByRole('alert')
    .or(page.getByRole('heading', { name: galleryErrors.notFoundTitle }));

async function expectOrderScreen(page: Page, expected: Locator, what: string): Promise<void> {
  const outcome = await screenOutcome(expected, orderProblem(page));
  if (!outcome.shown)
    throw new Error(`${what}: the page says "${outcome.said}"${humanCheckHint(outcome.said)}`);
}

/** Opens the free order's link, gives an email, and lands on the order's gallery. */
export async function openFreeOrder(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  await expectOrderScreen(
    page,
    page.getByRole('heading', { name: 'Enter Your Email' }),
    'opening the free order',
  );
  await main(page).getByLabel('Email address').fill(email);
  await main(page).getByRole('button', { name: 'Access Photos' }).click();
  await expectOrderScreen(
    page,
    page.getByRole('heading', { level: 1, name: 'Your Photos' }),
    'giving the email',
  );
}

/** The gallery shows the one photo of the order, loaded. */
export async function seeOrderPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open photo 1 of 1', exact: true }).waitFor();
  await expectImageLoaded(main(page).getByRole('img', { name: 'Photo 1 of 1', exact: true }), 'the photo');
}

/** A hosted checkout page's path names its Checkout Session (`/c/pay/cs_test_…` on Stripe and the emulator). */
const CHECKOUT_SESSION_PATH = /\/cs_(test|live)_[A-Za-z0-9]+/;

/**
 * Opens the paid order's link and waits for the browser to arrive at the checkout page of
 * `checkoutOrigin`, answered without an error. Returns the page's address without query or fragment.
 */
export async function reachCheckout(page: Page, link: string, checkoutOrigin: string): Promise<string> {
  const atCheckout = (url: URL) => url.origin === checkoutOrigin;
  let documentStatus: number | undefined;
  page.on('response', (response) => {
    const isDocument = response.request().isNavigationRequest() && response.frame() === page.mainFrame();
    if (isDocument && atCheckout(new URL(response.url()))) documentStatus = response.status();
  });
  await page.goto(link);
  const problem = orderProblem(page);
  // Whichever comes first; the other wait is only abandoned (its failure is expected).
  await Promise.race([
    page.waitForURL(atCheckout, { waitUntil: 'domcontentloaded' }).catch(() => undefined),
    problem
      .first()
      .waitFor()
      .catch(() => undefined),
  ]);
  const arrived = new URL(page.url());
  if (!atCheckout(arrived)) {
    const said = (await problem.count()) > 0 ? (await problem.first().innerText()).trim() : '';
    const shown = said
      ? `the page says "${said}"${humanCheckHint(said)}`
      : `the browser is at ${arrived.href}`;
    throw new Error(`the paid order did not lead to ${checkoutOrigin}: ${shown}`);
  }
  const address = `${arrived.origin}${arrived.pathname}`;
  if (!CHECKOUT_SESSION_PATH.test(arrived.pathname))
    throw new Error(`${address} is not a Checkout Session's page`);
  if (documentStatus === undefined || documentStatus >= 400)
    throw new Error(`the checkout page ${address} answered ${documentStatus ?? 'nothing'}`);
  return address;
}
