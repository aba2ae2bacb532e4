/**
 * `npm run smoke`: walks a running deployment's seller and customer journeys through its public URLs
 * in headless Chromium, printing one line per step and a final PASS or FAIL. The end-to-end test
 * (test/e2e/smoke.test.ts) calls runSmoke against the local stack.
 */
import type { Browser } from 'playwright-core';
import type { SmokeOptions } from './flags';
import {
  JOURNEYS,
  freeCustomerJourney,
  paidCustomerJourney,
  paidOrderJourney,
  samePaidSeller,
  sellerJourney,
  type Walk,
} from './journeys';
import { launchChromium } from './pages';
import type { CreatedOrder } from './seller-walk';
import { StepRunner, verdict, type StepResult } from './steps';

export interface SmokeReport {
  passed: boolean;
  steps: StepResult[];
  /** What the run made and leaves in the deployment, one line each. */
  leftBehind: string[];
  ms: number;
}

export const LIVE_KEY_SKIP =
  '--human-check live-key: the live reCAPTCHA key scores a headless browser as a bot, so no customer journey is walked';

/** "Smoke test 2025-06-01 10:00:00 UTC": plainly a test's, and unique to the second. */
export const smokeGalleryName = (at: Date) =>
  `Smoke test ${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function header(options: SmokeOptions, at: Date): string[] {
  const paid = samePaidSeller(options) ? 'the same' : options.paidSeller.email;
  return [
    `Smoke test of ${options.appUrl} at ${at.toISOString()}`,
    `  seller ${options.seller.email}, paid seller ${paid}, checkout at ${options.checkoutOrigin}, ` +
      `human check ${options.humanCheck}, step timeout ${options.stepTimeoutMs / 1000} s`,
  ];
}

function leftBehindLines(leftBehind: readonly string[]): string[] {
  if (leftBehind.length === 0) return [];
  return [
    'Left behind (open orders cannot be deleted; they expire after 30 days, and then their gallery can be):',
    ...leftBehind.map((item) => `  ${item}`),
  ];
}

/** The journeys in order; a journey that needs what a stopped one should have made is skipped. */
async function walkJourneys(walk: Walk): Promise<void> {
  const { steps, options } = walk;
  const liveKey = options.humanCheck === 'live-key';
  const seller = await steps.journey(() => sellerJourney(walk));
  if (liveKey) steps.skip(JOURNEYS.freeCustomer, LIVE_KEY_SKIP);
  else if (!seller) steps.skip(JOURNEYS.freeCustomer, 'the seller journey stopped before the free order');
  else await steps.journey(() => freeCustomerJourney(walk, seller.freeOrder));

  // The same seller orders from the gallery it just made; another seller walks to a gallery of its own.
  const sameSeller = samePaidSeller(options);
  let paidOrder: CreatedOrder | undefined;
  if (sameSeller && !seller) steps.skip(JOURNEYS.paidOrder, 'the seller journey stopped');
  else paidOrder = await steps.journey(() => paidOrderJourney(walk, seller?.page));
  if (liveKey) steps.skip(JOURNEYS.paidCustomer, LIVE_KEY_SKIP);
  else if (!paidOrder) steps.skip(JOURNEYS.paidCustomer, 'there is no paid order');
  else await steps.journey(() => paidCustomerJourney(walk, paidOrder));
}

export async function runSmoke(
  options: SmokeOptions,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<SmokeReport> {
  const started = performance.now();
  const at = new Date();
  header(options, at).forEach(write);
  const steps = new StepRunner(write, options.stepTimeoutMs);
  const leftBehind: string[] = [];
  const browser: Browser | undefined = await steps.journey(() =>
    steps.run(`Chromium starts (${options.chromiumPath})`, () => launchChromium(options)),
  );
  if (browser) {
    try {
      await walkJourneys({ browser, steps, options, galleryName: smokeGalleryName(at), leftBehind });
    } finally {
      await browser.close();
    }
  }
  const ms = performance.now() - started;
  leftBehindLines(leftBehind).forEach(write);
  const { passed, line } = verdict(steps.results, ms);
  write(line);
  return { passed, steps: steps.results, leftBehind, ms };
}
