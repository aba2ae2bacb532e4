/**
 * The insights blog in headless Chromium against the local stack (the SPA's @sanity/client reading the
 * bundled dataset through the local content API): pagination, category chips, an article and its
 * author page, the share fallback, an unknown slug, and the draft that must never show.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clipboardWrites, recordClipboardWrites } from '../support/clipboard';
import { e2eWorld } from '../support/e2e';

const DRAFT_TITLE = 'Draft: not yet reviewed';
const NEWEST = 'How Getting Paid Works: From Checkout to Payout';

const world = e2eWorld();

const url = (path: string) => `${world.env.stack.urls.app}${path}`;
const cardTitles = (page: Page) => page.locator('.post-card-title').allInnerTexts();
const status = (page: Page) => page.locator('.pagination-status').innerText();
const mainText = (page: Page) => page.locator('main').innerText();

describe('insights list', () => {
  it('pages 9 cards at a time with Page x of y, Next, Previous and Back', async () => {
    const page = await world.browser.newPage();
    await page.goto(url('/insights'));
    await expect.poll(() => status(page)).toBe('Page 1 of 2');
    const first = await cardTitles(page);
    expect(first).toHaveLength(9);
    expect(first[0]).toBe(NEWEST);
    expect(first).not.toContain(DRAFT_TITLE);
    const card = page.locator('.post-card').first();
    expect(await card.locator('.category-badge').allInnerTexts()).toEqual(['Business', 'Product News']);
    expect(await card.locator('time').innerText()).toBe('November 18, 2026');
    expect(await card.locator('.post-card-author').innerText()).toBe('Tom Lindqvist');
    expect(await card.getByRole('link', { name: 'Read More' }).getAttribute('href')).toBe(
      '/insights/how-getting-paid-works',
    );
    const image = card.locator('img.post-card-image');
    expect(await image.getAttribute('src')).toMatch(/[?&]w=400&h=250/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);

    await page.locator('.pagination').getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => status(page)).toBe('Page 2 of 2');
    expect(new URL(page.url()).search).toBe('?page=2');
    const second = await cardTitles(page);
    expect(second).toHaveLength(4);
    expect(second.filter((title) => first.includes(title))).toEqual([]);

    await page.locator('.pagination').getByRole('link', { name: 'Previous' }).click();
    await expect.poll(() => status(page)).toBe('Page 1 of 2');
    expect(await cardTitles(page)).toEqual(first);
    await page.goBack();
    await expect.poll(() => status(page)).toBe('Page 2 of 2');
    expect(await mainText(page)).not.toContain(DRAFT_TITLE);
    await page.close();
  });

  it("filters by a category chip; 'All Posts' shows every post again", async () => {
    const page = await world.browser.newPage();
    await page.goto(url('/insights'));
    await expect.poll(() => status(page)).toBe('Page 1 of 2');
    await page.locator('.category-chips').getByRole('link', { name: 'Workflow' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?category=workflow');
    await expect.poll(async () => (await cardTitles(page)).length).toBe(7);
    const badges = await page
      .locator('.post-card')
      .evaluateAll((cards) =>
        cards.map((card) => [...card.querySelectorAll('.category-badge')].map((badge) => badge.textContent)),
      );
    expect(badges.every((names) => names.includes('Workflow'))).toBe(true);
    expect(await page.locator('.pagination').count()).toBe(0);
    expect(await page.locator('[aria-current="page"].category-chip').innerText()).toBe('Workflow');

    await page.locator('.category-chips').getByRole('link', { name: 'All Posts' }).click();
    await expect.poll(() => status(page)).toBe('Page 1 of 2');
    expect(new URL(page.url()).search).toBe('');
    expect(await cardTitles(page)).toHaveLength(9);
    await page.close();
  });
});

describe('an article and its author', () => {
  it('opens an article with its body and author card, then the author page with only their posts', async () => {
    const page = await world.browser.newPage();
    await page.goto(url('/insights'));
    await page.getByRole('link', { name: NEWEST, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(NEWEST);
    expect(new URL(page.url()).pathname).toBe('/insights/how-getting-paid-works');
    expect(await page.title()).toBe(`${NEWEST} | Shutterlane`);
    expect(await mainText(page)).toContain('Payouts reach your bank 28 days after the customer');
    expect(await page.getByRole('heading', { name: 'Connect your payment account once' }).count()).toBe(1);
    const inline = page.locator('.rich-text img');
    await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator('img.article-image').getAttribute('src')).toMatch(/[?&]w=800&h=400/);
    expect(await mainText(page)).not.toContain(DRAFT_TITLE);

    const author = page.locator('.author-card');
    expect(await author.getAttribute('href')).toBe('/insights/author/Tom%20Lindqvist');
    expect(await author.locator('img').getAttribute('src')).toMatch(/[?&]w=60&h=60/);
    await author.click();
    await expect.poll(() => page.locator('.author-count').innerText()).toBe('5 articles');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tom Lindqvist');
    const authors = await page.locator('.post-card-author').allInnerTexts();
    expect(authors).toEqual(Array(5).fill('Tom Lindqvist'));
    await page.close();
  });

  it("shares by copying the link when the browser has no share sheet: 'Link copied to clipboard!'", async () => {
    const context = await world.browser.newContext();
    await context.grantPermissions(['clipboard-write'], { origin: world.env.stack.urls.app });
    await recordClipboardWrites(context);
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(url('/insights/boat-tour-photo-sales'));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => dialogs).toEqual(['Link copied to clipboard!']);
    expect(await clipboardWrites(page)).toEqual([url('/insights/boat-tour-photo-sales')]);
    await context.close();
  });

  it("shows 'Blog post not found' for an unknown slug", async () => {
    const page = await world.browser.newPage();
    await page.goto(url('/insights/no-such-article'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Blog post not found');
    expect(await mainText(page)).toContain(
      "The article you're looking for doesn't exist or has been removed.",
    );
    await page.close();
  });
});
