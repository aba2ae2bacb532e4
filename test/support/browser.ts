/** Headless Chromium (the Debian package) driven by playwright-core, with this machine's flags. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { COOKIE_CONSENT_DEFAULTS, COOKIE_CONSENT_STORAGE_KEY } from '../../shared/constants';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../ops/chromium';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

export interface LaunchOptions {
  /**
   * Pages start with a stored cookie choice (essential only), so the cookie banner stays away from
   * suites that are not about it. Default true; the cookie-consent suite turns it off.
   */
  storedConsent?: boolean;
  /** Extra Chromium flags (e.g. --host-resolver-rules). */
  args?: string[];
  /** Base64 SHA-256 of the public keys of self-signed certificates to trust (the local hosted sign-in). */
  trustedCertificates?: string[];
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      ...(options.trustedCertificates?.length
        ? [`--ignore-certificate-errors-spki-list=${options.trustedCertificates.join(',')}`]
        : []),
      ...(options.args ?? []),
    ],
  });
  return options.storedConsent === false ? browser : withStoredConsent(browser);
}

/** Runs in every page before its scripts: stores the essential-only choice unless one is stored. */
function storeConsent({ key, value }: { key: string; value: string }) {
  try {
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
  } catch {
    // about:blank and opaque origins have no storage.
  }
}

const consentArg = { key: COOKIE_CONSENT_STORAGE_KEY, value: JSON.stringify(COOKIE_CONSENT_DEFAULTS) };

/** The same browser, but every new page and context starts with a stored cookie choice. */
function withStoredConsent(browser: Browser): Browser {
  const newContext: Browser['newContext'] = async (options) => {
    const context: BrowserContext = await browser.newContext(options);
    await context.addInitScript(storeConsent, consentArg);
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => {
    const page: Page = await browser.newPage(options);
    await page.addInitScript(storeConsent, consentArg);
    return page;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return newContext;
      if (property === 'newPage') return newPage;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
