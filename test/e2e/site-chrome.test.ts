/**
 * The global chrome in headless Chromium against the local stack: cookie consent (no third-party
 * request before consent; choices stored and honoured), dark mode, the not-found page, the mobile
 * menu, the www redirect and canonical links. The SPA runs with test analytics and pixel ids; the
 * third-party hosts are answered by stubs (this machine has no internet, and a test must not call out).
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eWorld } from '../support/e2e';
import { E2E_WEB_ENV } from '@shutterlane/harness/global-stack';

const { VITE_GA_MEASUREMENT_ID: GA_ID } = E2E_WEB_ENV;
const THIRD_PARTY = ['https://www.googletagmanager.com/**', 'https://connect.facebook.net/**'];

const world = e2eWorld({
  // No stored consent: this suite is about the banner. *.localhost resolves to loopback in Chromium.
  browser: { storedConsent: false },
});

/** Hosts of the local stack (the SPA, its API, the stand-ins): every other host is third-party. */
const localHosts = () => new Set(Object.values(world.env.stack.urls).map((url) => new URL(url).host));

interface Watched {
  context: BrowserContext;
  page: Page;
  thirdParty: string[];
}

/** A fresh visitor whose every request is recorded; third-party scripts get a harmless stub. */
async function newVisitor(options: Parameters<Browser['newContext']>[0] = {}): Promise<Watched> {
  const context = await world.browser.newContext(options);
  for (const pattern of THIRD_PARTY) {
    await context.route(pattern, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub */' }),
    );
  }
  const page = await context.newPage();
  const thirdParty: string[] = [];
  const hosts = localHosts();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !hosts.has(url.host)) thirdParty.push(request.url());
  });
  return { context, page, thirdParty };
}

const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cookieConsentV2') ?? 'null') as unknown);

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

describe('cookie consent', () => {
  it('makes no third-party request before consent; Accept All loads the tag and the pixel and is remembered', async () => {
    const { context, page, thirdParty } = await newVisitor();
    await page.goto(`${world.env.stack.urls.app}/`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);
    expect(await storedConsent(page)).toBeNull();

    await page.getByRole('button', { name: 'Accept All' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await expect
      .poll(() => thirdParty)
      .toEqual(
        expect.arrayContaining([
          `https://www.googletagmanager.com/gtag/js?id=${GA_ID}`,
          'https://connect.facebook.net/en_US/fbevents.js',
        ]),
      );
    expect(await storedConsent(page)).toEqual({ functional: true, analytics: true, marketing: true });
    // The pixel sent its PageView (queued for the stubbed script).
    expect(await page.evaluate(() => JSON.stringify(window.fbq?.queue))).toContain('"PageView"');

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toEqual({ functional: true, analytics: true, marketing: true });
    await context.close();
  });

  it('reopens from the footer; Customize then Save Preferences stores analytics only', async () => {
    const { context, page, thirdParty } = await newVisitor();
    await page.goto(`${world.env.stack.urls.app}/`);
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toEqual({ functional: true, analytics: false, marketing: false });

    await page.getByRole('button', { name: 'Change Cookie Preferences' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Customize' }).click();
    const functional = page.getByRole('checkbox', { name: /Functional/ });
    expect(await functional.isChecked()).toBe(true);
    expect(await functional.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Marketing/ }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: /Analytics/ }).check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await storedConsent(page)).toEqual({ functional: true, analytics: true, marketing: false });
    await expect.poll(() => thirdParty).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
    await context.close();
  });

  it('loads nothing third-party after Reject Non-Essential, across pages and reloads', async () => {
    const { context, page, thirdParty } = await newVisitor();
    await page.goto(`${world.env.stack.urls.app}/`);
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await banner(page).isVisible()).toBe(false);
    expect(thirdParty).toEqual([]);
    await context.close();
  });
});

describe('dark mode', () => {
  it('defaults to the system preference', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const { context, page } = await newVisitor({ colorScheme });
      await page.goto(`${world.env.stack.urls.app}/`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      await context.close();
    }
  });

  it('keeps the chosen theme across reloads, whatever the system says', async () => {
    const { context, page } = await newVisitor({ colorScheme: 'light' });
    await page.goto(`${world.env.stack.urls.app}/`);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const paper = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(await paper()).toBe('rgb(11, 18, 32)');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await paper()).toBe('rgb(11, 18, 32)');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await paper()).toBe('rgb(255, 255, 255)');
    await context.close();
  });
});

describe('pages and navigation', () => {
  it('shows Page Not Found for an unknown path', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${world.env.stack.urls.app}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('has no canonical link on the sign-in page', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${world.env.stack.urls.app}/signin`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await context.close();
  });

  it('opens the mobile menu at 375 px with App & Features and Support, and closes it on navigation', async () => {
    const { context, page } = await newVisitor({ viewport: { width: 375, height: 740 } });
    await page.goto(`${world.env.stack.urls.app}/`);
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: 'Open menu' });
    expect(await nav.getByRole('link', { name: 'App & Features' }).isVisible()).toBe(false);
    await menuButton.click();
    const close = nav.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'App & Features' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Support' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    // Opening moves focus into the menu; Escape closes it and gives focus back to the button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Features');
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await menuButton.click();
    await nav.getByRole('link', { name: 'App & Features' }).click();
    await page.waitForURL(`${world.env.stack.urls.app}/app`);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'App & Features' }).isVisible()).toBe(false);
    await context.close();
  });

  it('sends a www. host to the bare host with path, query and hash, marked noindex meanwhile', async () => {
    const { context, page } = await newVisitor();
    const app = new URL(world.env.stack.urls.app);
    const bare = `http://localhost:${app.port}/insights?page=2#top`;
    await page.goto(`http://www.localhost:${app.port}/insights?page=2#top`);
    await expect
      .poll(() => page.url() === bare || page.locator('meta[name="robots"][content="noindex"]').count())
      .toBeTruthy();
    await page.waitForURL(bare);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await context.close();
  });
});
