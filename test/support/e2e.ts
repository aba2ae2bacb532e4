/**
 * One end-to-end file's world: the run's shared local stack (with the web app) and demo orders of the
 * file's own, and a Chromium started before the file's tests and closed after them. Chromium trusts
 * the hosted sign-in's certificate (made when the stack started), and nothing else self-signed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, type LaunchOptions } from './browser';
import { startTestStack, type TestStack } from './local-stack';

export interface E2eWorld {
  env: TestStack;
  browser: Browser;
}

export function e2eWorld(options: { browser?: LaunchOptions } = {}) {
  // Filled in by beforeAll; the tests read it only once it has run.
  const world = {} as E2eWorld;
  beforeAll(async () => {
    [world.env, world.browser] = await Promise.all([
      startTestStack(),
      launchBrowser({ ...options.browser, trustedCertificates: [inject('localStack').cognito.spkiSha256] }),
    ]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.env?.stop();
  });
  return world;
}
