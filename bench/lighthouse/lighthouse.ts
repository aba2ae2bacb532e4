/**
 * Lighthouse on the public site as users get it: a production build of the SPA (`vite build` with the
 * local stack's VITE_ settings, so content comes from the bundled dataset through the content API)
 * served by `vite preview` (gzip, SPA fallback, `/api` proxied to the gateway), audited in the Debian
 * Chromium with the flags of DEVELOPERS.md. Each run gets a fresh Chromium and its own worker process
 * (bench/lighthouse/lighthouse-worker.ts), both killed when the run exceeds its time limit, so the bench never
 * hangs on a page; a failed run becomes a report row saying why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import { API_BASE } from '#shared/contract/route-paths';
import { PREVIEWS_ROOT } from '#shared/contract/preview-paths';
import { LOCAL_SECRETS } from '@shutterlane/local-stack/config';
import { LOCAL_CONTENT } from '../../content/authoring/dataset-settings';
import type { DemoFile } from '@shutterlane/local-stack/seed/demo-file';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { exampleCompanySettings } from '../../web/src/config/env-schema';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@shutterlane/harness/browser';
import { localSiteOrigins } from '@shutterlane/local-stack/web-dev-server';
import { SITE_ORIGINS_VARIABLE } from '../../web/vite.config';
import { startHeavyCaptcha, EVALUATE_MS, EXECUTE_MS, type HeavyCaptcha } from './lighthouse-captcha';
import {
  lighthouseBenchSection,
  lighthouseNotMeasured,
  MOBILE_RUNS,
  PERFORMANCE_TARGET,
  type FormFactor,
  type PageOutcome,
} from './lighthouse-summary';
import type { BenchSection } from '../summary';

export interface AuditedPage {
  page: string;
  path: string;
  /** Where the page sends the visitor on by itself, held so the audit stays on the page (the worker's job). */
  holdNavigationsTo?: string;
  /** For a missed score: what would meet the target, as far as the measures above show it. */
  whatWouldMeetIt?: string;
}

/**
 * The order pages' first screen (heading, loading line, the cookie banner on a first visit) is drawn by
 * index.html before any script; the one call follows it. No human check runs while either order page
 * paints: an unpaid order needs none, and a fulfilled order draws its grid from thumbnails, its photos'
 * check waiting for the customer's first gesture (which Lighthouse never makes).
 */
const UNPAID_ORDER_REMEDY =
  "What would meet 98: less main-thread time after the first paint: the shared entry script's evaluation and the app's first render (no human check runs on this page).";
const FULFILLED_ORDER_REMEDY =
  "What would meet 98: less main-thread time after the first paint: the entry script's evaluation and the " +
  "gallery's first render (its photos' human check waits for the first gesture: docs/decisions.md, " +
  '"One call opens an order").';

/**
 * The public gallery asks for its data and draws its cover from index.html, before the app has run, and
 * the app starts once the cover has painted; the shared entry script still downloads beside the cover.
 */
const PUBLIC_GALLERY_REMEDY =
  'What would meet 98: less of the shared entry script (88 KB gzip) before the first paints. It downloads ' +
  'beside the cover, so the simulation counts it on the way to the first and the largest paint (about ' +
  "1.7 s and 1.85 s); the rest is React's first render of the page once the cover is up (blocking time).";

/**
 * The home page and a published article of the bundled dataset (content/dataset/blog.ndjson), the
 * two pages a customer's phone opens after a QR scan: the paid demo order, unpaid (the order-access steps
 * before Stripe) and the fulfilled demo order (its gallery of photos), and the demo public gallery.
 */
export function auditedPages(demo: DemoFile, stripeUrl: string): AuditedPage[] {
  return [
    { page: 'Home', path: '/' },
    { page: 'Article', path: '/insights/same-day-delivery-sells-more-photos' },
    // Once opened (no human check: it waits for payment), the page sends the customer on to Stripe
    // Checkout: the audit is of the order page up to that hand-off, not of the Stripe stand-in's page.
    {
      page: 'Unpaid order',
      path: `/orders/${demo.orders.paid.id}`,
      holdNavigationsTo: new URL(stripeUrl).origin,
      whatWouldMeetIt: UNPAID_ORDER_REMEDY,
    },
    {
      page: 'Fulfilled order',
      path: `/orders/${demo.orders.fulfilled.id}`,
      whatWouldMeetIt: FULFILLED_ORDER_REMEDY,
    },
    // The public gallery a QR code at an event opens (its watermarked grid; no human check).
    ...(demo.publicGallery
      ? [
          {
            page: 'Public gallery',
            path: `/g/${demo.publicGallery.id}`,
            whatWouldMeetIt: PUBLIC_GALLERY_REMEDY,
          },
        ]
      : []),
  ];
}
export const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

/** A Lighthouse run takes 15-40 s here; twice the worst on a busy 2-core machine, then it is stuck. */
const RUN_TIMEOUT_MS = 180_000;
const CHROMIUM_START_TIMEOUT_MS = 30_000;
/**
 * The machine has no internet: a request to another host fails at once instead of waiting on DNS,
 * and shows up in the audits (console errors) rather than as a slow page.
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

/**
 * The SPA's VITE_ settings for this stack, as local/stack/stack.ts gives its dev server, and the plainly fake
 * company details a build requires (of about the length of real ones, so the footer weighs the same).
 */
function webEnv(env: TestStack, captcha: HeavyCaptcha): Record<string, string> {
  const { urls } = env.stack;
  const origins = localSiteOrigins(urls);
  return {
    ...exampleCompanySettings('benchmark build'),
    // The page's Content-Security-Policy lets it reach the stand-ins, as the local stack's preview does
    // (without it every content query and photo is a CSP violation in the console).
    [SITE_ORIGINS_VARIABLE]: JSON.stringify({
      ...origins,
      captcha: { script: [`${captcha.origin}/recaptcha/`], connect: origins.captcha?.connect ?? [] },
    }),
    VITE_CAPTCHA_SITE_KEY: LOCAL_SECRETS.captchaSiteKey,
    VITE_CAPTCHA_SCRIPT_URL: captcha.scriptUrl,
    VITE_SANITY_API_HOST: urls.content,
    VITE_SANITY_PROJECT_ID: LOCAL_CONTENT.projectId,
    VITE_SANITY_DATASET: LOCAL_CONTENT.dataset,
  };
}

/**
 * Vite reads VITE_ variables from process.env when it loads its config (build and preview both check
 * them): set them while `fn` runs only, so later builds in this process are unaffected.
 */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

async function buildSpa(outDir: string): Promise<void> {
  await build({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'error',
    // Not web/dist: other builds (the SPA size section, engineers' checks) use that one.
    build: { outDir, emptyOutDir: true },
  });
}

async function servePreview(outDir: string, gatewayUrl: string) {
  const edge = new URL(gatewayUrl).origin;
  const server = await preview({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    // The API and the public galleries' previews go to this stack's edge, as CloudFront sends them to
    // their origins (the config's own proxy names the default edge, which is not this stack's).
    preview: {
      port: 0,
      strictPort: false,
      proxy: { [API_BASE]: { target: edge }, [PREVIEWS_ROOT.slice(0, -1)]: { target: edge } },
    },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its URL');
  return { origin: new URL(url).origin, close: () => server.close() };
}

interface Chromium {
  port: number;
  kill(): void;
}

/** A fresh headless Chromium with its own profile, its DevTools port read from its first lines. */
function launchChromium(profileDir: string): Promise<Chromium> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      LOOPBACK_ONLY,
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    // Its own process group, so killing it takes its renderer and GPU processes too.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const kill = () => killGroup(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`Chromium did not start in ${CHROMIUM_START_TIMEOUT_MS / 1000} s: ${output}`));
    }, CHROMIUM_START_TIMEOUT_MS);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stderr!.removeAllListeners('data').resume();
        resolve({ port: Number(port), kill });
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

interface Job {
  port: number;
  page: string;
  url: string;
  formFactor: FormFactor;
  resultFile?: string;
  holdNavigationsTo?: string;
}

function runWorker(job: Job): Promise<PageOutcome> {
  return new Promise((resolve, reject) => {
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('bench/lighthouse/lighthouse-worker.ts')],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      killGroup(worker);
      reject(new Error(`timed out after ${RUN_TIMEOUT_MS / 1000} s`));
    }, RUN_TIMEOUT_MS);
    worker.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    worker.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
    worker.on('error', reject);
    worker.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out) as PageOutcome);
      else reject(new Error(`worker exited ${code}: ${lastLine(err)}`));
    });
    worker.stdin.end(JSON.stringify(job));
  });
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(-1)[0] ?? '';

async function auditPage(job: Omit<Job, 'port'>, scratch: string): Promise<PageOutcome> {
  const profileDir = await mkdtemp(path.join(scratch, 'profile-'));
  let chromium: Chromium | undefined;
  try {
    chromium = await launchChromium(profileDir);
    return await runWorker({ ...job, port: chromium.port });
  } catch (error) {
    return { page: job.page, url: job.url, formFactor: job.formFactor, error: (error as Error).message };
  } finally {
    chromium?.kill();
    await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

export interface LighthouseReport {
  outcomes: PageOutcome[];
  setup: string[];
  /** Per audited page, what would meet a missed target (AuditedPage.whatWouldMeetIt). */
  remedies: Record<string, string>;
}

function versions(): { lighthouse: string; chromium: string } {
  const chromium = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'unknown';
  return { lighthouse: LIGHTHOUSE_VERSION, chromium };
}

const LIGHTHOUSE_VERSION = (
  JSON.parse(await readFile(path.resolve('node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;

export interface LighthouseOptions {
  resultsDir?: string;
  log?: (line: string) => void;
  /** Only these pages (by name) or form factors, for a quicker look while working on one. */
  pages?: string[];
  formFactors?: FormFactor[];
  /** Mobile runs per page: MOBILE_RUNS (the best of three) unless told. */
  mobileRuns?: number;
  /** For a diagnosis only: the light local captcha stub instead of the real script's weight. */
  lightCaptcha?: boolean;
}

/**
 * Builds, serves and audits every page in every form factor, one at a time (two cores: parallel runs
 * would measure each other). `resultsDir` keeps each full Lighthouse JSON result there.
 */
export async function measureLighthouse(
  env: TestStack,
  options: LighthouseOptions = {},
): Promise<LighthouseReport> {
  const log = options.log ?? (() => undefined);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-lighthouse-'));
  let captcha: HeavyCaptcha | undefined;
  try {
    const outDir = path.join(scratch, 'dist');
    captcha = await startHeavyCaptcha(env.stack.urls.captcha);
    if (options.lightCaptcha) {
      log('Diagnosis run: the light captcha stub, not the stand-in of the real script.');
      captcha = {
        ...captcha,
        scriptUrl: `${env.stack.urls.captcha}/recaptcha/api.js`,
        origin: env.stack.urls.captcha,
      };
    }
    log('Building the SPA for production with the local stack settings...');
    const server = await withEnv(webEnv(env, captcha), async () => {
      await buildSpa(outDir);
      return servePreview(outDir, env.stack.urls.api);
    });
    const outcomes: PageOutcome[] = [];
    const pages = auditedPages(env.demo, env.stack.urls.stripe).filter(
      (p) => !options.pages || options.pages.includes(p.page),
    );
    try {
      for (const formFactor of options.formFactors ?? FORM_FACTORS) {
        // The phone pages are judged by the best of three runs; desktop is measured once.
        const runs = formFactor === 'mobile' ? (options.mobileRuns ?? MOBILE_RUNS) : 1;
        for (const { page, path: pagePath, holdNavigationsTo } of pages) {
          for (let run = 1; run <= runs; run++) {
            log(`Lighthouse: ${page} (${pagePath}), ${formFactor}, run ${run} of ${runs}...`);
            const name = `${page.toLowerCase().replace(/\s+/g, '-')}-${formFactor}-${run}.json`;
            const resultFile = options.resultsDir ? path.join(options.resultsDir, name) : undefined;
            outcomes.push(
              await auditPage(
                { page, url: `${server.origin}${pagePath}`, formFactor, resultFile, holdNavigationsTo },
                scratch,
              ),
            );
          }
        }
      }
    } finally {
      await server.close();
    }
    const { lighthouse, chromium } = versions();
    return {
      outcomes,
      remedies: Object.fromEntries(
        pages.flatMap((p) => (p.whatWouldMeetIt ? [[p.page, p.whatWouldMeetIt]] : [])),
      ),
      setup: [
        `Lighthouse ${lighthouse} in ${chromium} (headless, the flags of DEVELOPERS.md), one fresh browser per run.`,
        'The production build (`vite build` with the local stack settings) served by `vite preview` (gzip, SPA',
        'fallback) on loopback, content from the bundled dataset through the local content API. Mobile is',
        "Lighthouse's default (emulated Moto G Power, simulated slow 4G and 4x CPU slowdown); desktop its",
        'desktop preset. Metrics are simulated from the loopback load, so they move with the machine load.',
        'Each run is a first visit (fresh profile: no stored theme or cookie choice). The local content API',
        "does not compress its answers as Sanity's API does, so `uses-text-compression` on its URLs is the stand-in's.",
        ...(options.lightCaptcha
          ? [
              "DIAGNOSIS RUN: the order pages load the light local captcha stub, not a script of the real one's weight.",
            ]
          : [
              "The order pages load a stand-in of Google's reCAPTCHA v3 of the real one's weight (bench/lighthouse/lighthouse-captcha.ts),",
              `not the light local stub: a ${(captcha.sizes.gzip / 1024).toFixed(0)} KiB (gzip; ${(captcha.sizes.raw / 1024).toFixed(0)} KiB of code) script behind a 1 KiB loader,`,
              `${EVALUATE_MS} ms of main thread to evaluate and ${EXECUTE_MS} ms per execute on this machine (x4 in the mobile run).`,
              'The paid order hands the customer to Stripe Checkout once loaded: that navigation is answered 204 (the page stays),',
              'so its audit is of the order page up to the hand-off.',
            ]),
      ],
    };
  } finally {
    await captcha?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The report section and its summary rows; a failure to build or serve becomes the section's text and
 * rows saying so, not a crashed bench.
 */
export async function lighthouseReport(
  env: TestStack,
  log: (line: string) => void,
  options: LighthouseOptions = {},
): Promise<BenchSection> {
  try {
    const { outcomes, setup, remedies } = await measureLighthouse(env, { ...options, log });
    return lighthouseBenchSection(outcomes, setup, remedies);
  } catch (error) {
    const reason = (error as Error).message;
    return {
      lines: lighthouseNotMeasured(reason),
      summary: [
        {
          figure: 'Lighthouse mobile performance and accessibility',
          target: `≥ ${PERFORMANCE_TARGET}, 100`,
          now: `not measured: ${reason}`,
          met: false,
        },
      ],
    };
  }
}
