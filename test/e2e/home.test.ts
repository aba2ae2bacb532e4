/**
 * The home page's FAQ section in headless Chromium against the local stack: the SPA's @sanity/client
 * reads the bundled dataset from the local content API (the rest of the home sections come later).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startTestStack, type TestStack } from '../support/local-stack';

let env: TestStack;
let browser: Browser;

beforeAll(async () => {
  [env, browser] = await Promise.all([startTestStack({ web: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe('home page FAQs', () => {
  it('shows the first 5 general FAQs from the dataset, one open at a time', async () => {
    const page = await browser.newPage();
    await page.goto(`${env.stack.urls.app}/`);
    const questions = page.locator('.home-faq button');
    await expect
      .poll(() => questions.allInnerTexts())
      .toEqual([
        'What is Shutterlane?',
        'Do my customers need an account to get their photos?',
        'How much does Shutterlane cost?',
        'How do I sign up as a photographer?',
        'How long can customers access their photos?',
      ]);
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
});
