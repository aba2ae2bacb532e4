/**
 * Accessibility in headless Chromium: axe-core checks every page a customer or a seller sees,
 * and the dialogs they open, in the light and dark colour schemes, 375 px and 1366 px wide; no
 * violation of impact serious or critical. Each page is loaded once and checked in the four variants
 * (the app follows the system colour scheme until the visitor toggles it). Then the modal dialog for
 * real: focus moves in and stays, the page behind takes no click, Escape closes and focus goes back.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions, default as Axe } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_SELLER } from '@shutterlane/local-stack/seed/seed';
import { e2eWorld } from '../support/e2e';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStack } from '@shutterlane/harness/worker-stack';

const world = e2eWorld();
const app = (path: string) => `${world.env.stack.urls.app}${path}`;

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };
type Viewport = typeof PHONE;
const SCHEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of the page as it is now. The engine is put in the page once per document
 * and then run there directly: a wrapper that injects and configures it on every run (the
 * @axe-core/playwright builder) spent about 250 ms a run on that alone, more than most checks take.
 */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: typeof Axe }).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    options,
  );
}

/** The serious and critical violations of what is on screen, one line per rule with its elements. */
async function violations(page: Page, what: string, viewports: Viewport[]): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const colorScheme of SCHEMES) {
      // Reduced motion: no slide or transform caught half-way.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, colorScheme);
      for (const violation of await axeViolations(page)) {
        if (!BLOCKING.has(violation.impact ?? '')) continue;
        const targets = violation.nodes.map((node) => node.target.join(' ')).join('\n      ');
        found.push(
          `${what}, ${colorScheme}, ${viewport.width} px: ${violation.id} (${violation.impact}) ${violation.help}\n      ${targets}`,
        );
      }
    }
  }
  return found;
}

async function expectAccessible(page: Page, what: string, viewports = [PHONE, DESKTOP]): Promise<void> {
  const found = await violations(page, what, viewports);
  expect(found, `Serious or critical axe violations:\n  ${found.join('\n  ')}`).toEqual([]);
}

/** Opens a page and waits for its main heading and the end of its first requests. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(app(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

let customerContext: BrowserContext;
let sellerContext: BrowserContext;
/** A visitor's tab, signed out, reused page after page. */
let visitor: Page;
/** The demo seller's tab, signed in once. */
let seller: Page;

beforeAll(async () => {
  [customerContext, sellerContext] = await Promise.all([
    world.browser.newContext(),
    world.browser.newContext(),
  ]);
  [visitor, seller] = await Promise.all([customerContext.newPage(), sellerContext.newPage()]);
});
afterAll(async () => {
  await customerContext?.close();
  await sellerContext?.close();
});

describe('the check', () => {
  it('finds a serious violation when a page has one', async () => {
    await visit(visitor, '/no-such-page', 'Page Not Found');
    await visitor.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Grey on grey';
      faint.style.cssText = 'color: #777; background: #888';
      document.querySelector('main')!.append(faint);
    });
    const found = await violations(visitor, 'a faint paragraph', [PHONE]);
    expect(found).toHaveLength(2);
    expect(found.every((line) => line.includes('color-contrast (serious)'))).toBe(true);
  });
});

describe('what a customer sees', () => {
  const pages: [what: string, path: () => string, heading: string | RegExp][] = [
    ['home', () => '/', 'Moments Captured. Memories Shared. Money Made.'],
    ['features', () => '/features', 'App & Features'],
    ['pricing', () => '/pricing', 'Pricing'],
    ['support', () => '/support', 'Support Center'],
    ['insights', () => '/insights', 'Insights'],
    ['an insights article', () => '/insights/how-getting-paid-works', /^How Getting Paid Works/],
    ["an article's author", () => '/insights/author/Tom%20Lindqvist', 'Tom Lindqvist'],
    ['how payments work', () => '/how-payments-work', 'How Payments Work'],
    ['the photo upload guide', () => '/photo-upload-guide', 'Photo Upload Guide'],
    ['growth analytics', () => '/growth-analytics', 'Growth Analytics'],
    ['a use case', () => '/use-cases/dive-centres', 'Shutterlane for Dive Centres'],
    ['an event', () => '/events/photo-business-summit-2026', 'Photo Business Summit 2026'],
    ['a legal page', () => '/privacy', 'Privacy Policy'],
    ['the order access page', () => '/orders', 'Access Your Photos'],
    ['a free order', () => `/orders/${world.env.demo.orders.free.id}`, 'Enter Your Email'],
    ['an expired order', () => `/orders/${world.env.demo.orders.expired.id}`, 'Order Expired'],
    ["a paid order's gallery", () => `/orders/${world.env.demo.orders.fulfilled.id}`, 'Your Photos'],
    ['checkout success', () => `/checkout/success/${world.env.demo.orders.fulfilled.id}`, 'Thank You!'],
    ['checkout cancelled', () => '/checkout/cancel', 'Payment Cancelled'],
    ['a public gallery', () => `/g/${world.env.demo.publicGallery!.id}`, 'Harbour Fun Run 2026'],
    ['page not found', () => '/no-such-page', 'Page Not Found'],
  ];
  it.each(pages)('%s', async (what, path, heading) => {
    await visit(visitor, path(), heading);
    await expectAccessible(visitor, what);
  });

  it('the photo viewer of a paid order', async () => {
    await visit(visitor, `/orders/${world.env.demo.orders.fulfilled.id}`, 'Your Photos');
    await visitor.getByRole('button', { name: /^Open photo 1 of / }).click();
    await visitor.getByRole('dialog').waitFor();
    await expectAccessible(visitor, 'the photo viewer');
  });

  it('the navigation menu on a phone', async () => {
    await visit(visitor, '/', 'Moments Captured. Memories Shared. Money Made.');
    await visitor.setViewportSize(PHONE);
    await visitor.getByRole('button', { name: 'Open menu' }).click();
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).waitFor();
    await expectAccessible(visitor, 'the open menu', [PHONE]);
  });
});

describe('what a seller sees', () => {
  const signedOut: [what: string, path: () => string, heading: string | RegExp][] = [
    ['sign in', () => '/signin', 'Sign In'],
    ['sign up', () => '/signup', 'Create Your Account'],
    [
      'sign-up confirmation',
      () => '/signup-confirmation?email=new.seller%40example.com',
      'Verify Your Email',
    ],
    [
      'verify (a wrong code)',
      () => '/verify?code=000000&email=new.seller%40example.com',
      'Verification Failed',
    ],
    ['reset password', () => '/reset-password', 'Reset Password'],
  ];
  it.each(signedOut)('%s', async (what, path, heading) => {
    await visit(seller, path(), heading);
    await expectAccessible(seller, what);
  });

  it('the password reset dialog', async () => {
    await visit(seller, '/signin', 'Sign In');
    await seller.getByRole('link', { name: 'Forgot password?' }).click();
    await seller.getByRole('dialog', { name: 'Send Reset Code' }).waitFor();
    await expectAccessible(seller, 'the password reset dialog');
  });

  it('signs in', async () => {
    await signInAsDemoSeller(seller, app(''));
  });

  const signedIn: [what: string, path: () => string, heading: string | RegExp][] = [
    ['dashboard', () => '/dashboard', `Welcome, ${DEMO_SELLER.name}!`],
    ['profile', () => '/profile', 'Profile'],
    ['manage account and payments', () => '/manage-account', 'Manage Account'],
    ['galleries', () => '/galleries', 'Galleries'],
    ['a gallery with photos', () => `/galleries/${localStack().seed.galleryId}`, 'Harbour Festival 2026'],
    ['orders', () => '/seller-orders', 'Orders'],
  ];
  it.each(signedIn)('%s', async (what, path, heading) => {
    await visit(seller, path(), heading);
    await expectAccessible(seller, what);
  });

  it('creating an order from selected photos, and its full-size viewer', async () => {
    await visit(seller, `/galleries/${localStack().seed.galleryId}`, 'Harbour Festival 2026');
    const tiles = seller.getByRole('checkbox', { name: /^Select / });
    await tiles.first().check();
    await tiles.nth(1).check();
    await seller.getByText('2 selected').waitFor();
    await expectAccessible(seller, 'the create-order panel');
    await seller
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await seller.getByRole('dialog').getByRole('img').waitFor();
    await expectAccessible(seller, 'the full-size viewer');
  });

  it("an order's link dialog", async () => {
    await visit(seller, '/seller-orders', 'Orders');
    await seller.locator('.orders-table tbody tr').first().getByRole('button').first().click();
    await seller.getByRole('dialog').waitFor();
    await expectAccessible(seller, "the order's link dialog");
  });
});

describe('the modal dialog', () => {
  /** Where focus is: in the dialog (which element), nowhere in the page (the browser's own UI), or behind. */
  const focusIn = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'nowhere';
      const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
      const element = `${active.tagName.toLowerCase()} ${name}`.trim();
      return active.closest('dialog, [role="dialog"]') ? `inside: ${element}` : `behind: ${element}`;
    });

  it('keeps focus inside, leaves the page behind inert, closes on Escape and gives focus back', async () => {
    await visitor.setViewportSize(DESKTOP);
    await visit(visitor, '/signin', 'Sign In');
    const opener = visitor.getByRole('link', { name: 'Forgot password?' });
    await opener.focus();
    await visitor.keyboard.press('Enter');
    const dialog = visitor.getByRole('dialog', { name: 'Send Reset Code' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(
      await dialog.getByLabel('Email address').evaluate((input) => input === document.activeElement),
    ).toBe(true);

    const stops: string[] = [];
    for (let i = 0; i < 8; i++) {
      await visitor.keyboard.press(i < 4 ? 'Tab' : 'Shift+Tab');
      stops.push(await focusIn(visitor));
    }
    expect(stops.filter((stop) => stop.startsWith('behind'))).toEqual([]);
    expect(new Set(stops.filter((stop) => stop.startsWith('inside')))).toEqual(
      new Set(['inside: input', 'inside: button Send Reset Code', 'inside: button Cancel']),
    );

    // A press on a link of the page behind does nothing: the dialog stays and the page stays.
    const behind = visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' });
    const box = (await behind.boundingBox())!;
    await visitor.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(visitor.url()).toBe(app('/signin'));
    expect(await dialog.isVisible()).toBe(true);

    await visitor.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((link) => link === document.activeElement)).toBe(true);
  });
});
