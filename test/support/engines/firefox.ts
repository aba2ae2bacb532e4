/**
 * Firefox: Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core. Downloads go
 * without a question to a fresh folder (the profile's download preferences).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { COOKIE_CONSENT_DEFAULTS, COOKIE_CONSENT_STORAGE_KEY } from '#shared/rules/constants';
import {
  untilPageShows,
  describeTarget,
  until,
  type Engine,
  type EngineBrowser,
  type EnginePage,
  type PageKey,
  type Target,
} from './engine';
import { findAll, pageHasText, pageTarget } from './page-query';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Runs in every page before its scripts: the essential-only cookie choice, unless one is stored. */
function storeConsent(key: string, value: string) {
  try {
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
  } catch {
    // about:blank has no storage.
  }
}

class FirefoxPage implements EnginePage {
  constructor(private readonly page: Page) {}

  async goto(url: string) {
    await this.page.goto(url);
  }

  async url() {
    return this.page.url();
  }

  private async first(target: Target): Promise<ElementHandle<Element> | undefined> {
    const all = await this.page.evaluateHandle(findAll, pageTarget(target));
    const first = (await all.getProperty('0')).asElement() as ElementHandle<Element> | null;
    await all.dispose();
    return first ?? undefined;
  }

  private element(target: Target, timeoutMs?: number) {
    return until(describeTarget(target), () => this.first(target), timeoutMs);
  }

  async waitFor(target: Target, timeoutMs?: number) {
    await (await this.element(target, timeoutMs)).dispose();
  }

  async waitForText(text: string, timeoutMs?: number) {
    await untilPageShows(text, () => this.page.evaluate(pageHasText, text), timeoutMs);
  }

  async count(target: Target) {
    const all = await this.page.evaluateHandle(findAll, pageTarget(target));
    const count = await all.evaluate((elements) => elements.length);
    await all.dispose();
    return count;
  }

  async click(target: Target) {
    const element = await until(`${describeTarget(target)} to be enabled`, async () => {
      const found = await this.first(target);
      return found && !(await found.evaluate((e) => (e as HTMLButtonElement).disabled)) ? found : undefined;
    });
    await element.click();
  }

  press(key: PageKey) {
    return this.page.keyboard.press(key);
  }

  async fill(label: string, value: string) {
    await (await this.element({ role: 'textbox', name: label })).type(value);
  }

  async setFile(label: string, file: string) {
    const input = (await this.element({ role: 'textbox', name: label })) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
  }

  async acceptAlert(action: () => Promise<void>, timeoutMs = 30_000) {
    const opened = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No alert within ${timeoutMs} ms`)), timeoutMs);
      this.page.once('dialog', (dialog) => {
        clearTimeout(timer);
        const text = dialog.message();
        void dialog.accept().then(() => resolve(text), reject);
      });
    });
    await action();
    return opened;
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    // puppeteer's types map each argument to what a handle would give; ours are plain JSON.
    return this.page.evaluate(fn as (...inPage: unknown[]) => T | Promise<T>, ...args) as Promise<T>;
  }

  close() {
    return this.page.close();
  }
}

export const firefox: Engine = {
  name: 'Firefox ESR',
  features: { fileSystemAccess: false, serviceWorker: true, webShare: false },
  programs: [FIREFOX_PATH],
  async launch(): Promise<EngineBrowser> {
    const downloadDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-firefox-'));
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      extraPrefsFirefox: {
        'browser.download.folderList': 2,
        'browser.download.dir': downloadDir,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.helperApps.neverAsk.saveToDisk': 'application/zip',
      },
    });
    return {
      downloadDir,
      async newPage() {
        const page = await browser.newPage();
        await page.evaluateOnNewDocument(
          storeConsent,
          COOKIE_CONSENT_STORAGE_KEY,
          JSON.stringify(COOKIE_CONSENT_DEFAULTS),
        );
        return new FirefoxPage(page);
      },
      async close() {
        await browser.close();
        await rm(downloadDir, { recursive: true, force: true });
      },
    };
  },
};
