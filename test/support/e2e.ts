/**
 * One end-to-end file's world: the run's shared local stack (with the web app) and demo orders of the
 * file's own, and a Chromium started before the file's tests and closed after them. Chromium trusts
 * the hosted sign-in's certificate (made when the stack started), and nothing else self-signed. The app
 * is a production build served with CloudFront's headers: a test during which any of its pages breaks
 * the Content-Security-Policy fails, naming the directive and what it blocked.
 */
import type { Browser } from 'playwright-core';
import {
  CspViolationLog,
  describeViolation,
  launchBrowser,
  type LaunchOptions,
} from '@shutterlane/harness/browser';
import { startTestStack, type TestStack } from '@shutterlane/harness/local-stack';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { localStack } from '@shutterlane/harness/worker-stack';

export interface E2eWorld {
  env: TestStack;
  browser: Browser;
  /** What the app's pages broke since the last test; a test that provokes a violation on purpose takes it. */
  cspViolations: CspViolationLog;
}

export function e2eWorld(options: { browser?: LaunchOptions } = {}) {
  // Filled in by beforeAll; the tests read it only once it has run.
  const world = {} as E2eWorld;
  beforeAll(async () => {
    const { urls, cognito } = localStack();
    world.cspViolations = new CspViolationLog(new URL(urls.app).origin);
    [world.env, world.browser] = await Promise.all([
      startTestStack(),
      launchBrowser({
        ...options.browser,
        trustedCertificates: [cognito.spkiSha256],
        cspViolations: world.cspViolations,
      }),
    ]);
  });
  afterEach(() => {
    const violations = world.cspViolations?.take() ?? [];
    if (violations.length > 0) {
      throw new Error(
        `Content-Security-Policy violations:\n  ${violations.map(describeViolation).join('\n  ')}`,
      );
    }
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.env?.stop();
  });
  return world;
}
