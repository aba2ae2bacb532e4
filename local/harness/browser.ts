/**
 * Headless Chromium (Debian's headless shell, else its browser: ops/chromium.ts) driven by playwright-core,
 * with this machine's flags. Every page of the browser can be watched for Content-Security-Policy
 * violations (see CspViolationLog).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { COOKIE_CONSENT_DEFAULTS, COOKIE_CONSENT_STORAGE_KEY } from '../../shared/rules/constants';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../../ops/chromium';

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
  /** Records every CSP violation of the app's pages here. */
  cspViolations?: CspViolationLog;
}

/** One CSP violation, as the page's `securitypolicyviolation` event describes it. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  /** The script (file:line) that caused it, when the browser knows. */
  source: string;
}

/**
 * The violations of the pages of one origin (the app's), collected as they happen, so a page closed by
 * its test still reports. The policies of other origins' pages (a stand-in's) are not ours to check.
 */
export class CspViolationLog {
  private found: CspViolation[] = [];
  constructor(readonly appOrigin: string) {}

  record(violation: CspViolation): void {
    if (new URL(violation.page).origin === this.appOrigin) this.found.push(violation);
  }

  /** The violations since the last call, forgotten. */
  take(): CspViolation[] {
    const found = this.found;
    this.found = [];
    return found;
  }
}

export const describeViolation = (v: CspViolation) =>
  `${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}${v.source ? ` (from ${v.source})` : ''}`;

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...chromiumArgs(options)],
  });
  const setUps = [
    ...(options.storedConsent === false ? [] : [storeConsentIn]),
    ...(options.cspViolations ? [watchCspIn(options.cspViolations)] : []),
  ];
  return setUps.length === 0 ? browser : preparing(browser, setUps);
}

/**
 * A browser with a profile on disk (`userDataDir`) and its one context set up as launchBrowser's: what
 * installability needs, since Chromium reports an incognito context (every `newContext`) as `in-incognito`.
 */
export async function launchPersistentContext(
  userDataDir: string,
  options: LaunchOptions = {},
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...chromiumArgs(options)],
  });
  if (options.storedConsent !== false) await storeConsentIn(context);
  if (options.cspViolations) await watchCspIn(options.cspViolations)(context);
  return context;
}

function chromiumArgs(options: LaunchOptions): string[] {
  return [
    ...(options.trustedCertificates?.length
      ? [`--ignore-certificate-errors-spki-list=${options.trustedCertificates.join(',')}`]
      : []),
    ...(options.args ?? []),
  ];
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

type SetUp = (context: BrowserContext) => Promise<void>;

const storeConsentIn: SetUp = async (context) => {
  await context.addInitScript(storeConsent, consentArg);
};

const VIOLATION_BINDING = '__shutterlaneCspViolation';

/** Runs in every frame before its scripts: hands each violation to the test process at once. */
function reportViolations(binding: string) {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (violation: unknown) => void>)[binding];
      report?.({
        page: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : '',
      });
    },
    true,
  );
}

function watchCspIn(log: CspViolationLog): SetUp {
  return async (context) => {
    await context.exposeBinding(VIOLATION_BINDING, (_source, violation: CspViolation) =>
      log.record(violation),
    );
    await context.addInitScript(reportViolations, VIOLATION_BINDING);
  };
}

/** The same browser, but every new context (and the context of every new page) set up first. */
function preparing(browser: Browser, setUps: SetUp[]): Browser {
  const setUp = async (context: BrowserContext) => {
    for (const apply of setUps) await apply(context);
  };
  const newContext: Browser['newContext'] = async (options) => {
    const context: BrowserContext = await browser.newContext(options);
    await setUp(context);
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => {
    const page: Page = await browser.newPage(options);
    await setUp(page.context());
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
