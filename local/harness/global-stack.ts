/**
 * Vitest global setup of the integration and end-to-end projects: ONE local stack per test run,
 * shared by every test file (synthesizing the templates, bundling the functions and starting the
 * stand-ins take seconds), with the demo seed. Test files reach it through `inject('localStack')`
 * (test/support/local-stack.ts); each file makes its own demo orders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { LOCAL_PORT_SETTINGS, type LocalPorts } from '@shutterlane/local-stack/config';
import { ensureSeed, type SeedRecord } from '@shutterlane/local-stack/seed/seed';
import { startLocalStack, type LocalStack } from '@shutterlane/local-stack/stack';
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
    localStack: SharedStack;
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
 * The projects whose tests open pages: they get the SPA as a deployment ships it, a production build
 * served with the headers CloudFront sends, so a page that breaks the Content-Security-Policy fails them.
 */
const WEB_PROJECTS = ['e2e', 'security'];

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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const web = WEB_PROJECTS.includes(project.name);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shutterlane-${project.name}-`));
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web,
    deploySettings: SUITE_RATE_LIMITS,
    alterTemplates: (assembly) => {
      withFreshSellerBrands(assembly);
      withSmallPhotoWalkPages(assembly);
      if (web) withShortCustomerUrls(assembly);
    },
    ...(web && { webServer: 'preview', webEnv: E2E_WEB_ENV }),
  });
  try {
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    project.provide('localStack', {
      urls: stack.urls,
      cognito: stack.cognito,
      operatorEnv: stack.operatorEnv,
      seed,
      dataDir,
    });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
