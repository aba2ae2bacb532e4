/**
 * Vitest global setup of the integration, end-to-end and security projects: one local stack per test
 * WORKER for the whole run, shared by those projects (synthesizing the templates, bundling the functions,
 * building the SPA and starting the stand-ins take seconds), each with the demo seed. A worker runs one
 * file at a time, so a stack serves one file at a time, as a single stack did when the files ran one
 * after another: the captcha score, the Stripe emulator's planned faults, the mail outbox and the
 * rate-limit windows are never shared by two files at once. Test files reach their worker's stack
 * through `localStack()` (test/support/worker-stack.ts); each file makes its own demo orders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { LOCAL_PORT_SETTINGS, type LocalPorts } from '../../local/config';
import { ensureSeed, type SeedRecord } from '../../local/seed/seed';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { recordOf } from '../../infra/constructs/naming';
import {
  ACCOUNT_THROTTLE_QUOTA,
  THROTTLE_CLASSES,
  throttleSettings,
} from '../../infra/stacks/route-throttles';
import { RATE_LIMIT_BOUNDS } from '../../infra/stacks/settings';
import { freePort } from './free-port';
import { withFreshSellerBrands, withShortCustomerUrls, withSmallPhotoWalkPages } from './template-settings';

export interface SharedStack {
  urls: LocalStack['urls'];
  cognito: LocalStack['cognito'];
  operatorEnv: Record<string, string>;
  seed: SeedRecord;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker: the worker whose VITEST_POOL_ID is n uses the (n-1)th. */
    localStacks: SharedStack[];
  }
}

export async function freePorts(): Promise<LocalPorts> {
  const services = Object.keys(LOCAL_PORT_SETTINGS) as (keyof LocalPorts)[];
  const ports = await Promise.all(services.map(() => freePort()));
  return Object.fromEntries(services.map((service, i) => [service, ports[i]])) as LocalPorts;
}

/** The SPA settings of the e2e run: test analytics ids, so the consent tests see what would load. */
export const E2E_WEB_ENV = { VITE_GA_MEASUREMENT_ID: 'G-TEST12345', VITE_META_PIXEL_ID: '123456789012345' };

/**
 * The suites make thousands of calls from one address within minutes, in bursts of their own, so their
 * stack is synthesized with WAF's highest rate limits and every route's API throttle at the account's
 * quota; S16 runs a second edge with the rules of a template synthesized with the production defaults
 * (test/security/S16-order-id-enumeration.test.ts), and the throttles' test a stack of its own with low
 * throttles (test/integration/api-throttles.test.ts).
 */
export const SUITE_RATE_LIMITS = {
  rateLimitGeneral: String(RATE_LIMIT_BOUNDS.max),
  rateLimitOrders: String(RATE_LIMIT_BOUNDS.max),
  rateLimitAccounts: String(RATE_LIMIT_BOUNDS.max),
  rateLimitGalleries: String(RATE_LIMIT_BOUNDS.max),
  rateLimitPreviews: String(RATE_LIMIT_BOUNDS.max),
  ...throttleSettings(recordOf(THROTTLE_CLASSES, () => ACCOUNT_THROTTLE_QUOTA)),
};

/**
 * Starts one suite stack in `dataDir`: the SPA as a deployment ships it (a production build served with
 * the headers CloudFront sends, so a page that breaks the Content-Security-Policy fails a test), the
 * demo seeded. Every project gets the same kind of stack, so any worker can take any project's file.
 */
async function startSuiteStack(dataDir: string): Promise<{ shared: SharedStack; stop(): Promise<void> }> {
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web: true,
    deploySettings: SUITE_RATE_LIMITS,
    alterTemplates: (assembly) => {
      withFreshSellerBrands(assembly);
      withSmallPhotoWalkPages(assembly);
      withShortCustomerUrls(assembly);
    },
    webServer: 'preview',
    webEnv: E2E_WEB_ENV,
  });
  const stop = async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    const shared = {
      urls: stack.urls,
      cognito: stack.cognito,
      operatorEnv: stack.operatorEnv,
      seed,
      dataDir,
    };
    return { shared, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface SuiteStacks {
  started: Promise<Awaited<ReturnType<typeof startSuiteStack>>[]>;
  /** Projects still running on them: the last one to finish stops them. */
  users: number;
}

/**
 * The run's stacks, kept on globalThis: each project loads this module on its own, in the one main
 * process, and the projects of one run share the stacks.
 */
const RUN_STACKS = Symbol.for('shutterlane.suiteStacks');
type WithRunStacks = typeof globalThis & { [RUN_STACKS]?: SuiteStacks };

/**
 * Starts `count` stacks one after another: a stack's start and seed work through process.env (the web
 * build's settings, the operator's endpoints), which this one process shares.
 */
async function startSuiteStacks(count: number) {
  const started: Awaited<ReturnType<typeof startSuiteStack>>[] = [];
  try {
    for (let n = 1; n <= count; n += 1)
      started.push(await startSuiteStack(await mkdtemp(path.join(os.tmpdir(), `shutterlane-suite-${n}-`))));
  } catch (error) {
    await Promise.all(started.map((stack) => stack.stop()));
    throw error;
  }
  return started;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = globalThis as WithRunStacks;
  // The same in every suite project (vitest.config.ts): fileParallelism false makes it 1.
  const workers = project.config.maxWorkers;
  const stacks = (run[RUN_STACKS] ??= { started: startSuiteStacks(workers), users: 0 });
  stacks.users += 1;
  const started = await stacks.started;
  if (started.length < workers) throw new Error(`${workers} workers but ${started.length} stacks`);
  project.provide(
    'localStacks',
    started.map((stack) => stack.shared),
  );
  return async () => {
    stacks.users -= 1;
    if (stacks.users > 0) return;
    delete run[RUN_STACKS];
    await Promise.all(started.map((stack) => stack.stop()));
  };
}
