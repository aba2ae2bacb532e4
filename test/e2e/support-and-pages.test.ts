/**
 * The support centre and the content-store pages in headless Chromium against the local stack: FAQs,
 * legal pages, use cases and events come from the bundled dataset through the local content API.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_PAGES, UNPUBLISHED_PAGES } from '../../content/authoring/legal-pages';
import { EVENTS, USE_CASES } from '../../content/authoring/use-cases-events';
import { clipboardWrites, recordClipboardWrites } from '../support/clipboard';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();
let context: BrowserContext;

beforeAll(async () => {
  // A phone-sized window, so a deep-linked FAQ is far below the fold unless the page scrolls to it.
  context = await world.browser.newContext({
    viewport: { width: 375, height: 667 },
    permissions: ['clipboard-write'],
  });
  await recordClipboardWrites(context);
});
afterAll(async () => {
  await context?.close();
});

const url = (path: string) => `${world.env.stack.urls.app}${path}`;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');
const question = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Whether the element's top edge lies within the window. */
const inViewport = (page: Page, id: string) =>
  page.evaluate((elementId) => {
    const box = document.getElementById(elementId)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
  }, id);

describe('support centre', () => {
  it('opens the FAQ of a deep link in its tab and scrolls to it, also when the hash changes', async () => {
    const page = await context.newPage();
    await page.goto(url('/support#technical-faq-technical-2'));
    await expect.poll(() => selectedTab(page).innerText()).toBe('Data Lifecycle & Privacy');
    const linked = question(page, 'How long do you keep photos after an order expires?');
    expect(await linked.getAttribute('aria-expanded')).toBe('true');
    for (const other of [
      'Where are my photos stored?',
      'What personal data do you keep about my customers?',
    ]) {
      expect(await question(page, other).getAttribute('aria-expanded')).toBe('false');
    }
    await expect.poll(() => inViewport(page, 'technical-faq-technical-2')).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => {
      window.location.hash = '#general-faq-general-5';
    });
    await expect.poll(() => selectedTab(page).innerText()).toBe('General Support');
    expect(
      await question(page, 'How long can customers access their photos?').getAttribute('aria-expanded'),
    ).toBe('true');
    await expect.poll(() => inViewport(page, 'general-faq-general-5')).toBe(true);
    await page.close();
  });

  it('starts on Account Lifecycle and switches tabs by click and by arrow keys', async () => {
    const page = await context.newPage();
    await page.goto(url('/support'));
    await expect
      .poll(() => page.getByRole('tab').allInnerTexts())
      .toEqual([
        'Account Lifecycle',
        'Data Lifecycle & Privacy',
        'General Support',
        'Product',
        'Shipping',
        'Returns',
      ]);
    expect(await selectedTab(page).innerText()).toBe('Account Lifecycle');
    expect(await question(page, 'How do I get paid?').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Shipping' }).click();
    expect(await selectedTab(page).innerText()).toBe('Shipping');
    expect(await question(page, 'How are photos delivered?').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page).innerText()).toBe('Returns');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Returns');
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page).innerText()).toBe('Account Lifecycle');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page).innerText()).toBe('Returns');
    expect(await question(page, 'Can a customer get a refund?').isVisible()).toBe(true);
    await page.close();
  });

  it("copies an item's full link and says 'Link copied'", async () => {
    const page = await context.newPage();
    await page.goto(url('/support'));
    await page.getByRole('tab', { name: 'Product' }).click();
    await question(page, 'What quality do my customers receive?').click();
    const item = page.locator('#product-faq-product-2');
    await item.getByRole('button', { name: 'Copy Link' }).click();
    await expect.poll(() => item.getByRole('status').innerText()).toBe('Link copied');
    expect(await clipboardWrites(page)).toEqual([url('/support#product-faq-product-2')]);
    await page.close();
  });
});

describe('content pages', () => {
  it.each(LEGAL_PAGES.map((legal) => [legal.slug, legal] as const))(
    '/%s shows its published page from the dataset',
    async (slug, legal) => {
      const page = await context.newPage();
      await page.goto(url(`/${slug}`));
      await expect.poll(() => page.locator('.content-page-meta').innerText()).toMatch(/^Last updated: /);
      expect(await heading(page).innerText()).toBe(legal.title);
      expect(await page.title()).toBe(`${legal.title} | Shutterlane`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        legal.metaDescription,
      );
      expect(await page.locator('.rich-text h2').count()).toBeGreaterThan(0);
      await page.close();
    },
  );

  it('never shows an unpublished page with the same slug', async () => {
    const [unpublished] = UNPUBLISHED_PAGES;
    const page = await context.newPage();
    await page.goto(url(`/${unpublished!.slug}`));
    await expect
      .poll(() => page.locator('.content-page-meta').innerText())
      .toBe('Last updated: September 1, 2026');
    expect(await heading(page).innerText()).toBe('Terms of Service');
    expect(await page.locator('main').innerText()).not.toContain('not yet in force');
    await page.close();
  });

  it('shows a use case and an event, and Not found for an unknown use case', async () => {
    const [useCase] = USE_CASES;
    const [event] = EVENTS;
    const page = await context.newPage();
    await page.goto(url(`/use-cases/${useCase!.slug}`));
    await expect.poll(() => heading(page).innerText()).toBe(useCase!.title);
    expect(await page.locator('.content-page-lead').innerText()).toBe(useCase!.description);
    expect(await page.locator('.rich-text li').count()).toBeGreaterThan(0);

    await page.goto(url(`/events/${event!.slug}`));
    await expect.poll(() => heading(page).innerText()).toBe(event!.title);
    expect(await page.locator('.content-page-meta').innerText()).toBe('Date: November 18, 2026');

    await page.goto(url('/use-cases/no-such-use-case'));
    await expect.poll(() => heading(page).innerText()).toBe('Not found');
    await page.close();
  });
});
