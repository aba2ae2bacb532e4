/**
 * WebKit: Debian's WebKitGTK MiniBrowser, driven over classic WebDriver by WebKitWebDriver (through
 * selenium-webdriver), on an X server of its own (Xvfb): MiniBrowser has no headless mode. Its home is a
 * fresh folder with a desktop's download folder (`~/Downloads`, named in the XDG user-dirs file), where
 * it saves downloads without asking; with none named it would save them in the home folder itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Builder, Key, until as when, type WebDriver, type WebElement } from 'selenium-webdriver';
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
import { freePort } from '@shutterlane/harness/free-port';
import { findAll, pageHasText, pageTarget } from './page-query';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** Starts Xvfb on the first free display; resolves with it once it accepts clients. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    xvfb.stdio[3]!.once('data', (data: Buffer) =>
      resolve({ display: `:${data.toString().trim()}`, process: xvfb }),
    );
  });
}

/** Starts WebKitWebDriver and waits until it answers its status. */
async function startDriver(env: NodeJS.ProcessEnv): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const answers = async () =>
    fetch(`${url}/status`).then(
      (response) => (response.ok ? true : undefined),
      () => undefined,
    );
  await until('WebKitWebDriver to answer', answers).catch((error: unknown) => {
    driver.kill();
    throw error;
  });
  return { url, process: driver };
}

class WebKitPage implements EnginePage {
  constructor(private readonly driver: WebDriver) {}

  goto(url: string) {
    return this.driver.get(url);
  }

  url() {
    return this.driver.getCurrentUrl();
  }

  private all(target: Target): Promise<WebElement[]> {
    return this.driver.executeScript(findAll, pageTarget(target));
  }

  private element(target: Target, timeoutMs?: number): Promise<WebElement> {
    return until(describeTarget(target), async () => (await this.all(target))[0], timeoutMs);
  }

  async waitFor(target: Target, timeoutMs?: number) {
    await this.element(target, timeoutMs);
  }

  async waitForText(text: string, timeoutMs?: number) {
    await untilPageShows(text, () => this.driver.executeScript(pageHasText, text), timeoutMs);
  }

  async count(target: Target) {
    return (await this.all(target)).length;
  }

  async click(target: Target) {
    const element = await until(`${describeTarget(target)} to be enabled`, async () => {
      const found = (await this.all(target))[0];
      return found && (await found.isEnabled()) ? found : undefined;
    });
    // Into the middle of the window first: WebDriver scrolls it only to the bottom edge, where the
    // public gallery's sticky selection bar would take the click.
    await this.driver.executeScript(
      (target: Element) => target.scrollIntoView({ block: 'center', behavior: 'instant' }),
      element,
    );
    await element.click();
  }

  press(key: PageKey) {
    const keys = { ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, Escape: Key.ESCAPE };
    return this.driver.actions().sendKeys(keys[key]).perform();
  }

  /**
   * Types `value` into the field, then reads it back: on a loaded machine WebKitWebDriver now and then
   * delivers only the first keys. Once the field's value has settled short of `value`, the field is typed
   * over, as a person would who saw it.
   */
  async fill(label: string, value: string) {
    const field = await this.element({ role: 'textbox', name: label });
    await field.sendKeys(value);
    let settled: string | undefined;
    await until(`the field ${label} to hold ${value}`, async () => {
      const typed = await this.driver.executeScript((input: HTMLInputElement) => input.value, field);
      if (typed === value) return true;
      if (typed !== settled) {
        settled = String(typed);
        return undefined;
      }
      await field.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE, value);
      settled = undefined;
      return undefined;
    });
  }

  async setFile(label: string, file: string) {
    await (await this.element({ role: 'textbox', name: label })).sendKeys(file);
  }

  async acceptAlert(action: () => Promise<void>, timeoutMs = 30_000) {
    await action();
    // Asking for the alert is the one command that leaves it open (the session ignores prompts).
    const alert = await this.driver.wait(when.alertIsPresent(), timeoutMs);
    const text = await alert.getText();
    await alert.accept();
    return text;
  }

  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.driver.executeScript(fn, ...args);
  }

  async close() {
    await this.driver.get('about:blank');
  }
}

/** Stores the essential-only cookie choice on the app's origin, as a returning customer has it. */
async function storeConsent(driver: WebDriver, appUrl: string): Promise<void> {
  await driver.get(`${appUrl}/robots.txt`);
  await driver.executeScript(
    (key: string, value: string) => window.localStorage.setItem(key, value),
    COOKIE_CONSENT_STORAGE_KEY,
    JSON.stringify(COOKIE_CONSENT_DEFAULTS),
  );
}

export const webkit: Engine = {
  name: 'WebKit',
  features: { fileSystemAccess: false, serviceWorker: true, webShare: false },
  programs: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
  async launch(): Promise<EngineBrowser> {
    const home = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-webkit-'));
    const config = path.join(home, '.config');
    const downloadDir = path.join(home, 'Downloads');
    await Promise.all([mkdir(downloadDir), mkdir(config)]);
    await writeFile(path.join(config, 'user-dirs.dirs'), 'XDG_DOWNLOAD_DIR="$HOME/Downloads"\n');
    // Stopped in reverse order on close, or at once when a later step of the launch fails.
    const started: (() => unknown)[] = [() => rm(home, { recursive: true, force: true })];
    const stop = async () => {
      for (const step of started.reverse()) await step();
    };
    try {
      const xvfb = await startXvfb();
      started.push(() => xvfb.process.kill());
      const env = { ...process.env, DISPLAY: xvfb.display, HOME: home, XDG_CONFIG_HOME: config };
      const server = await startDriver(env);
      started.push(() => server.process.kill());
      const driver = await new Builder()
        .usingServer(server.url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
          // An alert stays open for the test to read (acceptAlert) instead of being dismissed.
          unhandledPromptBehavior: 'ignore',
        })
        .build();
      started.push(() => driver.quit().catch(() => undefined));
      await driver.manage().window().setRect({ width: 1280, height: 1000 });
      let consentStored = false;
      return {
        downloadDir,
        async newPage(appUrl) {
          if (!consentStored) await storeConsent(driver, appUrl);
          consentStored = true;
          return new WebKitPage(driver);
        },
        close: stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
  },
};
