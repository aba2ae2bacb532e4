/**
 * One end-to-end file's world: the local stack with the web app and a Chromium, started before the
 * file's tests (together, as each takes seconds) and stopped after them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type LaunchOptions } from './browser';
import { startTestStack, type TestStack } from './local-stack';

export interface E2eWorld {
  env: TestStack;
  browser: Browser;
}

export function e2eWorld(options: { webEnv?: Record<string, string>; browser?: LaunchOptions } = {}) {
  // Filled in by beforeAll; the tests read it only once it has run.
  const world = {} as E2eWorld;
  beforeAll(async () => {
    [world.env, world.browser] = await Promise.all([
      startTestStack({ web: true, webEnv: options.webEnv }),
      launchBrowser(options.browser),
    ]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.env?.stop();
  });
  return world;
}
