// @vitest-environment happy-dom
/**
 * index.html's early shell: the frame it draws before the app has downloaded must say what the app's
 * first screen says (the spec's texts are asserted elsewhere on the app's own screens), and must appear
 * only where the app would show the same.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY } from '#shared/rules/constants';
import { orderGalleryTexts } from '../features/order-gallery/texts';
import { checkoutTexts } from '../features/checkout-result/texts';
import { cookieConsentTexts } from './chrome/cookie-consent-texts';

const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const body = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
/** The inline script that draws the shell (the one naming the banner's template). */
const shellScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, text]) => text!)
  .find((text) => text.includes("'early-cookie-banner'"))!;

/** Opens `pathname` on a fresh copy of index.html's body and runs the shell script, as the browser would. */
function openAt(pathname: string): HTMLElement {
  window.history.replaceState(null, '', pathname);
  // The module script of the body is not run here: only the inline ones are.
  document.body.innerHTML = body.replace(/<script type="module"[^>]*><\/script>/, '');
  new Function(shellScript)();
  return document.getElementById('root')!;
}

const squeeze = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => window.localStorage.clear());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the early shell of index.html', () => {
  it("draws an order page's loading state with the gallery's texts, in the page's main column", () => {
    const root = openAt('/orders/LNtCxZSuQADdfr_T3_AFBQ');
    const section = root.querySelector('main.site-main > section.order-gallery');
    expect(section?.getAttribute('data-gallery-state')).toBe('loading');
    expect(squeeze(section?.querySelector('h1')?.textContent)).toBe(orderGalleryTexts.loadingHeading);
    expect(squeeze(section?.querySelector('.progress')?.textContent)).toBe(orderGalleryTexts.loadingText);
  });

  it("draws the checkout success page's texts, with the order id from the address", () => {
    const section = openAt('/checkout/success/order%2012').querySelector('main > section.checkout-result')!;
    expect(squeeze(section.querySelector('h1')?.textContent)).toBe(checkoutTexts.successHeading);
    expect(squeeze(section.querySelector('p')?.textContent)).toBe(checkoutTexts.successLead);
    expect(squeeze(section.querySelector('.order-id')?.textContent)).toBe(
      `${checkoutTexts.orderIdLabel}: order 12`,
    );
    expect(squeeze(section.querySelector('h2')?.textContent)).toBe(checkoutTexts.nextHeading);
    expect([...section.querySelectorAll('li')].map((item) => squeeze(item.textContent))).toEqual(
      checkoutTexts.nextSteps,
    );
  });

  it("draws the checkout cancel page's texts", () => {
    const section = openAt('/checkout/cancel').querySelector('main > section.checkout-result')!;
    expect(squeeze(section.querySelector('h1')?.textContent)).toBe(checkoutTexts.cancelHeading);
    expect(squeeze(section.querySelector('p')?.textContent)).toBe(checkoutTexts.cancelText);
  });

  it('draws no page state anywhere else', () => {
    for (const pathname of [
      '/',
      '/orders',
      '/orders/abc/extra',
      '/g/abcdefgh',
      '/checkout/abc',
      '/account',
    ]) {
      const root = openAt(pathname);
      expect(root.querySelector('.order-gallery, .checkout-result'), pathname).toBeNull();
    }
  });

  it("draws the cookie banner on a first visit, with the app's texts, out of reach of input and assistive technology", () => {
    const banner = openAt('/').querySelector<HTMLElement>('section.cookie-banner')!;
    expect(banner.hasAttribute('inert')).toBe(true);
    expect(banner.getAttribute('aria-hidden')).toBe('true');
    expect(squeeze(banner.querySelector('h2')?.textContent)).toBe(cookieConsentTexts.heading);
    expect(squeeze(banner.querySelector('p')?.textContent)).toBe(
      `${cookieConsentTexts.intro} ${cookieConsentTexts.privacyLink}`,
    );
    expect([...banner.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      cookieConsentTexts.acceptAll,
      cookieConsentTexts.rejectNonEssential,
      cookieConsentTexts.customize,
    ]);
    // Nothing in it takes focus.
    for (const control of banner.querySelectorAll('a, button')) {
      expect(control.getAttribute('tabindex')).toBe('-1');
    }
  });

  it('leaves the banner out once a choice is stored under the consent record key', () => {
    window.localStorage.setItem(
      COOKIE_CONSENT_STORAGE_KEY,
      JSON.stringify({ functional: true, analytics: false, marketing: false }),
    );
    const root = openAt('/orders/LNtCxZSuQADdfr_T3_AFBQ');
    expect(root.querySelector('.cookie-banner')).toBeNull();
    expect(root.querySelector('.order-gallery')).not.toBeNull();
    expect(openAt('/').querySelector('main')).toBeNull();
  });
});
