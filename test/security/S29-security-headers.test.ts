/**
 * S29 Every page served carries the Content-Security-Policy, HSTS, X-Frame-Options DENY, nosniff,
 * Referrer-Policy and Permissions-Policy; a CSP violation fails the end-to-end tests.
 *
 * Through the local stack as the end-to-end run has it: the production build behind the preview server,
 * which sends what CloudFront sends (shared/platform/security-headers.ts, for the stand-ins' origins). Each kind of
 * answer is fetched and its headers read; the main pages are visited in Chromium, whose violations the
 * e2e world records (local/harness/browser.ts) and turns into a failed test.
 */
import type { Page } from 'playwright-core';
import { localSiteOrigins, startWebDevServer } from '@shutterlane/local-stack/web-dev-server';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT_HASH } from '#shared/platform/security-headers';
import { CspViolationLog, launchBrowser } from '@shutterlane/harness/browser';
import { directivesOf } from '#shared/platform/csp';
import { e2eWorld } from '../support/e2e';
import { signInAsDemoSeller } from '@shutterlane/harness/seller-page';
import { freePorts } from '@shutterlane/harness/global-stack';
import { localStack } from '@shutterlane/harness/worker-stack';

const world = e2eWorld();
const app = (path: string) => `${world.env.stack.urls.app}${path}`;
const originOf = (url: string) => new URL(url).origin;

/** The headers S29 names, of one answer; the status too, so a missing page cannot pass as a 404. */
async function securityHeadersOf(path: string) {
  const response = await fetch(app(path), { redirect: 'manual' });
  await response.arrayBuffer();
  const header = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    csp: header('content-security-policy'),
    hsts: header('strict-transport-security'),
    frameOptions: header('x-frame-options'),
    contentTypeOptions: header('x-content-type-options'),
    referrerPolicy: header('referrer-policy'),
    permissionsPolicy: header('permissions-policy'),
  };
}

const OTHER_HEADERS = {
  hsts: 'max-age=63072000; includeSubDomains',
  frameOptions: 'DENY',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
};

/** Each kind of thing the site serves: the entry, client routes, a hashed script and stylesheet, files. */
async function pathsOfEveryKind(): Promise<string[]> {
  const entry = await (await fetch(app('/'))).text();
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(entry)?.[1];
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(entry)?.[1];
  expect(script, 'the entry links its hashed script').toBeDefined();
  expect(stylesheet, 'the entry links its hashed stylesheet').toBeDefined();
  return [
    '/',
    '/index.html',
    `/orders/${world.env.demo.orders.fulfilled.id}`,
    '/signin',
    '/galleries',
    '/pricing',
    '/insights',
    script!,
    stylesheet!,
    '/runtime-config.json',
    '/zip-download-sw.js',
    '/favicon.svg',
    '/robots.txt',
  ];
}

describe('S29 security headers on everything the site serves', () => {
  it('carries one strict policy and the other headers on every page, route, asset and file', async () => {
    const answers = await Promise.all(
      (await pathsOfEveryKind()).map(async (path) => ({ path, ...(await securityHeadersOf(path)) })),
    );
    for (const answer of answers) {
      expect(answer, answer.path).toMatchObject({ status: 200, ...OTHER_HEADERS });
      expect(answer.permissionsPolicy, answer.path).toMatch(/(^|, )camera=\(\)(, |$)/);
    }
    const csp = answers[0]!.csp!;
    expect(new Set(answers.map((answer) => answer.csp))).toEqual(new Set([csp]));

    const policy = directivesOf(csp);
    const { urls } = world.env.stack;
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", THEME_SCRIPT_HASH, `${originOf(urls.captcha)}/recaptcha/`]),
    );
    // 'wasm-unsafe-eval' (Find my photos compiles WebAssembly) is the one exception: no eval, no inline.
    const scriptSources = policy.get('script-src')!.filter((source) => source !== "'wasm-unsafe-eval'");
    expect(scriptSources.join(' ')).not.toMatch(/unsafe|\*(\s|$)|http:(\s|$)/);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        originOf(urls.cognito),
        originOf(urls.cognitoOAuth),
        originOf(urls.s3),
        `${originOf(urls.captcha)}/token`,
        originOf(urls.content),
      ]),
    );
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", originOf(urls.s3)]));
    // Every page is http:// here: upgrading its requests to the stand-ins would break them.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('gives API answers, errors included, the same headers and a policy that allows nothing', async () => {
    const unauthorized = await securityHeadersOf('/api/galleries');
    expect(unauthorized).toMatchObject({
      status: 401,
      ...OTHER_HEADERS,
      csp: "default-src 'none'; frame-ancestors 'none'",
    });
  });
});

/** Waits until the page has stopped loading things, so a late script or image has had its chance. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

describe('S29 the main pages run under the policy', () => {
  it('notices a violation and names its directive and blocked address (the check can fail)', async () => {
    const page = await world.browser.newPage();
    await page.goto(app('/'));
    await settled(page);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'https://elsewhere.example/pixel.png';
      document.body.append(image);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    // Each poll takes what was reported since the last; the two reports may come in different polls.
    const reported: ReturnType<typeof world.cspViolations.take> = [];
    await expect
      .poll(
        () => {
          reported.push(...world.cspViolations.take());
          return [...reported];
        },
        { timeout: 15_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ directive: 'img-src', blocked: 'https://elsewhere.example/pixel.png' }),
          expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' }),
        ]),
      );
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    await page.close();
  });

  it('home, an order with its photos, sign-in, the galleries signed in and pricing break nothing', async () => {
    const page = await world.browser.newPage();
    await page.goto(app('/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settled(page);
    expect(world.cspViolations.take(), 'home').toEqual([]);

    // The order check runs the captcha script and its token call; the photos come from the bucket.
    await page.goto(world.env.demo.orders.fulfilled.url);
    await page.getByRole('heading', { level: 1, name: 'Your Photos' }).waitFor();
    await page
      .getByRole('button', { name: /^Open photo 1 of/ })
      .locator('img')
      .waitFor();
    await settled(page);
    expect(world.cspViolations.take(), 'an order').toEqual([]);

    await signInAsDemoSeller(page, app(''));
    await settled(page);
    expect(world.cspViolations.take(), 'sign-in').toEqual([]);

    await page.getByRole('link', { name: 'Galleries' }).click();
    await page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();
    await settled(page);
    expect(world.cspViolations.take(), 'galleries').toEqual([]);

    await page.goto(app('/pricing'));
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await settled(page);
    expect(world.cspViolations.take(), 'pricing').toEqual([]);
    await page.close();
  });
});

describe("S29 npm start's dev server", () => {
  it("sends the same policy with only its client's additions, and its pages run under it", async () => {
    const { urls, cognito } = localStack();
    const { app: port } = await freePorts();
    const dev = await startWebDevServer({
      port,
      gatewayOrigin: originOf(urls.api),
      env: { VITE_CAPTCHA_SITE_KEY: 'dev-server-check' },
      runtimeConfig: {},
      siteOrigins: localSiteOrigins(urls),
    });
    const violations = new CspViolationLog(dev.url);
    const browser = await launchBrowser({
      cspViolations: violations,
      trustedCertificates: [cognito.spkiSha256],
    });
    try {
      const [built, served] = await Promise.all([securityHeadersOf('/'), fetch(`${dev.url}/`)]);
      await served.arrayBuffer();
      const production = directivesOf(built.csp!);
      const development = directivesOf(served.headers.get('content-security-policy')!);
      const added = (name: string) =>
        development.get(name)!.filter((source) => !production.get(name)!.includes(source));
      expect(added('connect-src')).toEqual([`ws://localhost:${port}`]);
      expect(added('style-src')).toEqual(["'unsafe-inline'"]);
      expect(added('script-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
      expect(served.headers.get('x-frame-options')).toBe('DENY');

      // The React Refresh preamble runs (by its hash) and the HMR websocket connects.
      const page = await browser.newPage();
      const websocket = page.waitForEvent('websocket');
      await page.goto(`${dev.url}/`);
      expect((await websocket).url()).toMatch(new RegExp(`^ws://localhost:${port}/`));
      await settled(page);
      expect(violations.take()).toEqual([]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    } finally {
      await browser.close();
      await dev.stop();
    }
  }, 120_000);
});
