/**
 * The home page and the product pages in headless Chromium against the local stack: sections in the
 * spec's order, business types and FAQs from the bundled dataset through the local content API, the
 * mobile 'More', the desktop scroller, the payment carousel and the hero video.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '../../content/authoring/business-types';
import { CARD_SCROLL_STEP_PX } from '#shared/rules/constants';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();

const HOME_FAQ_QUESTIONS = [
  'What is Shutterlane?',
  'Do my customers need an account to get their photos?',
  'How much does Shutterlane cost?',
  'How do I sign up as a photographer?',
  'How long can customers access their photos?',
];
const BUSINESS_TYPE_TITLES = BUSINESS_TYPES.map((type) => type.title);

async function openHome(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await world.browser.newPage({ viewport });
  await page.goto(`${world.env.stack.urls.app}/`);
  return page;
}

const cardTitles = (page: Page) => page.locator('.business-card h3').allInnerTexts();

describe('home page', () => {
  it('renders its sections in order with the business types and FAQs of the dataset', async () => {
    const page = await openHome();
    await expect
      .poll(() => page.locator('.home-page h1, .home-page h2').allInnerTexts())
      .toEqual([
        'Moments Captured. Memories Shared. Money Made.',
        'Upload at original quality, or optimized for social',
        'Share with a QR code',
        'Deliver instantly',
        'Make getting paid a breeze',
        'One team, every device',
        'Track your growth',
        'Built for every occasion',
        'Frequently Asked Questions',
      ]);
    expect(await page.getByText('Effortless digital photo delivery for every occasion.').isVisible()).toBe(
      true,
    );
    expect(await page.title()).toBe('Shutterlane');
    await expect.poll(() => cardTitles(page)).toEqual(BUSINESS_TYPE_TITLES);
    const weddings = page.getByRole('article', { name: 'Weddings & Celebrations' });
    expect(await weddings.getByText(BUSINESS_TYPES[0]!.description).isVisible()).toBe(true);
    expect(await weddings.locator('li').allInnerTexts()).toEqual(BUSINESS_TYPES[0]!.whyItMatters);
    await expect.poll(() => page.locator('.home-faq button').allInnerTexts()).toEqual(HOME_FAQ_QUESTIONS);
    const structured = JSON.parse((await page.locator('#faq-structured-data').textContent()) ?? '{}');
    expect(structured.mainEntity.map((item: { name: string }) => item.name)).toEqual(HOME_FAQ_QUESTIONS);
    expect(await page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await page.getByRole('link', { name: 'Download Shutterlane on the App Store' }).isVisible()).toBe(
      true,
    );
    await page.close();
  });

  it('shows the first 5 general FAQs from the dataset, one open at a time', async () => {
    const page = await openHome();
    const questions = page.locator('.home-faq button');
    await expect.poll(() => questions.allInnerTexts()).toEqual(HOME_FAQ_QUESTIONS);
    const first = page.getByRole('button', { name: 'What is Shutterlane?' });
    const third = page.getByRole('button', { name: 'How much does Shutterlane cost?' });
    await first.click();
    await expect.poll(() => page.getByText('photo delivery and sales service').isVisible()).toBe(true);
    await third.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await third.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('photo delivery and sales service').isVisible()).toBe(false);
    await page.close();
  });

  it("shows 3 business types at 375 px and all seven after 'More'", async () => {
    const page = await openHome({ width: 375, height: 740 });
    const more = page.getByRole('button', { name: 'More' });
    await expect.poll(() => cardTitles(page)).toEqual(BUSINESS_TYPE_TITLES.slice(0, 3));
    expect(await page.getByRole('button', { name: 'Scroll business types right' }).count()).toBe(0);
    await more.click();
    await expect.poll(() => cardTitles(page)).toEqual(BUSINESS_TYPE_TITLES);
    expect(await more.count()).toBe(0);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('moves the desktop scroller 320 px per button press, disabling the buttons at the ends', async () => {
    const page = await openHome();
    const list = page.getByRole('list', { name: 'Business types' });
    const left = page.getByRole('button', { name: 'Scroll business types left' });
    const right = page.getByRole('button', { name: 'Scroll business types right' });
    await expect.poll(() => cardTitles(page)).toHaveLength(7);
    await list.scrollIntoViewIfNeeded();
    expect(await left.isDisabled()).toBe(true);
    expect(await right.isDisabled()).toBe(false);
    const scrollLeft = () => list.evaluate((element) => element.scrollLeft);
    await right.click();
    await expect.poll(scrollLeft).toBe(CARD_SCROLL_STEP_PX);
    await expect.poll(() => left.isDisabled()).toBe(false);
    await right.click();
    await expect.poll(scrollLeft).toBe(2 * CARD_SCROLL_STEP_PX);
    for (let press = 0; press < 5 && !(await right.isDisabled()); press += 1) {
      await right.click();
      await page.waitForTimeout(600);
    }
    await expect.poll(() => right.isDisabled()).toBe(true);
    await page.close();
  });

  it('swipes and steps the payment carousel to the checkout screenshot and back', async () => {
    const page = await openHome();
    const carousel = page.getByRole('region', { name: 'Card payment screens' });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slide = (n: number) => carousel.locator(`[aria-roledescription="slide"][aria-label="${n} of 2"]`);
    await carousel.scrollIntoViewIfNeeded();
    expect(await slide(1).getAttribute('aria-hidden')).toBe('false');

    const box = (await carousel.locator('.home-carousel-viewport').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => slide(2).getAttribute('aria-hidden')).toBe('false');
    expect(await slide(2).getByRole('img').getAttribute('alt')).toContain('checkout page');

    await page.waitForTimeout(350);
    await carousel.getByRole('button', { name: 'Previous slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slide(1).getAttribute('aria-hidden')).toBe('false');
    await page.waitForTimeout(350);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => slide(2).getAttribute('aria-hidden')).toBe('false');
    await page.close();
  });

  it('plays the looping hero video once it is in view, and pauses it when scrolled away', async () => {
    const page = await openHome();
    const video = page.locator('.home-hero video');
    await video.scrollIntoViewIfNeeded();
    expect(await video.evaluate((element: HTMLVideoElement) => element.loop && element.muted)).toBe(true);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime > 0))
      .toBe(true);
    await page.locator('.home-faq').scrollIntoViewIfNeeded();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.close();
  });
});

describe('product pages', () => {
  it.each([
    ['/features', 'App & Features', 'Card checkout'],
    ['/app', 'App & Features', 'Stripe payouts'],
    ['/how-payments-work', 'How Payments Work', 'Connect your Stripe account'],
    ['/photo-upload-guide', 'Photo Upload Guide', 'Choose original or optimized quality'],
    ['/growth-analytics', 'Growth Analytics', 'Upload usage'],
  ])('%s renders %j with its content', async (path, title, sectionItem) => {
    const page = await world.browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${world.env.stack.urls.app}${path}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(title);
    expect(await page.title()).toBe(`${title} | Shutterlane`);
    expect(await page.getByRole('heading', { name: sectionItem, level: 3 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('/how-payments-work states the 5% commission and the 28-day payout', async () => {
    const page = await world.browser.newPage();
    await page.goto(`${world.env.stack.urls.app}/how-payments-work`);
    const facts = page.getByLabel('Payments at a glance');
    await expect.poll(() => facts.innerText()).toContain('5% per successful transaction');
    expect(await facts.innerText()).toContain('28 days after the customer pays');
    await page.close();
  });
});
