import { configDefaults, defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseWebEnv } from './web/src/config/env-schema';
import { routeAddressesPlugin } from './web/scripts/route-addresses.ts';

/**
 * The SPA's settings with the defaults web/vite.config.ts applies to a build, so components read the
 * same values in unit tests as in the bundle (a test overrides one with vi.stubEnv).
 */
const webEnvDefaults = Object.fromEntries(
  Object.entries(parseWebEnv({ VITE_CAPTCHA_SITE_KEY: 'unit-test-site-key' })).map(([name, value]) => [
    name,
    String(value),
  ]),
);

/**
 * A temporary directory per quick project and run (test/support/run-tmpdir.ts makes it and removes it),
 * for the synthesis folders the CDK leaves behind.
 */
const runTmpdir = (project: string) => ({
  globalSetup: ['test/support/run-tmpdir.ts'],
  env: { TMPDIR: path.join(os.tmpdir(), `shutterlane-${project}-${process.pid}`) },
});

/**
 * Workers of the unit and infra projects, which run together in one `vitest run` (`npm run test:quick`)
 * and are CPU-bound: one per core. Vitest's default (cores - 1) would leave a 2-core machine one worker.
 */
const QUICK_WORKERS = Math.max(2, os.availableParallelism() - 1);

/**
 * Workers of the suites that run against local stacks (integration, e2e, security): their files wait
 * on the stack and the browser about half the time (one worker keeps two cores about 50% busy), so two
 * workers share the cores. Each worker has a stack of its own (local/harness/global-stack.ts) and runs
 * one file at a time on it, so no two files ever share a stack at the same time. Two by default; three
 * (`SUITE_WORKERS=3`) leave the cores no slack and their load failed a file now and then
 * (docs/decisions.md, "A 15-minute CI").
 */
const SUITE_WORKERS = Number(process.env.SUITE_WORKERS ?? 2);

/**
 * Under CI a suite test that fails is run once more before the run fails: a test whose first step
 * stalled past its 60 s in a 25-minute run once failed CI, and then passed 150 times in a row alone
 * (docs/decisions.md, "A 15-minute CI"). A test that fails twice still fails the run, and a retried test
 * the reporter lists is marked `(retry x1)`, after the errors of its first attempt
 * (test/support/retried-errors.ts). Never locally, where a flaky test should show.
 */
const SUITE_RETRIES = process.env.CI === 'true' ? 1 : 0;

/**
 * The suites' shared set-up: the run's stacks, one per worker with the SPA as a production build, and
 * the operator's settings of the worker's stack. The three projects share the stacks and the workers
 * when they run in one `vitest run` (`npm run test:suites`).
 */
const suite = {
  globalSetup: ['local/harness/global-stack.ts'],
  retry: SUITE_RETRIES,
  setupFiles: ['test/support/operator-env.ts', 'test/support/retried-errors.ts'],
  maxWorkers: SUITE_WORKERS,
  isolate: false,
  sequence: { groupOrder: 1 },
};

/** The test files under `folders` whose text matches `pattern` (dependencies aside). */
const filesMatching = (folders: string[], pattern: RegExp): string[] =>
  folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.join(folder, file))
      .filter((file) => pattern.test(readFileSync(file, 'utf8'))),
  );

/** Where the unit tests live (the Stripe emulator's own tests run with the integration project). */
const UNIT_FOLDERS = [
  'shared',
  'functions',
  'infra',
  'local',
  'content',
  'ops',
  'web/src',
  'web/scripts',
  'bench',
];
const UNIT_EXCLUDE = [...configDefaults.exclude, 'local/stripe-emulator/test/**'];

/**
 * Unit files share their worker's process with the files before them, and so the imports (React, the
 * AWS SDK, zod...): a quarter to a third less time than a fresh process per file (docs/decisions.md, "A
 * 15-minute CI"). Not the files whose changes would outlive them in a shared process, which run isolated
 * (the `unit-isolated` project), found by what they contain as the suites' own-process files are: a module
 * replaced with `vi.mock`; settings changed (`process.env`, `vi.stubEnv`, `setUnitTestEnv`), which modules
 * read once and keep; a module imported after such a change (`await import`, `vi.resetModules`). A file
 * that stubs a global with `vi.stubGlobal` undoes it when it ends.
 */
const CHANGES_ITS_PROCESS =
  /\bvi\.(mock|doMock|resetModules|stubEnv)\(|\bsetUnitTestEnv\(|process\.env\.\w+ =|Object\.assign\(process\.env|delete process\.env|await import\(/;
const UNIT_ISOLATED = filesMatching(UNIT_FOLDERS, CHANGES_ITS_PROCESS).filter(
  (file) => !file.startsWith(path.join('local', 'stripe-emulator', 'test')),
);

/** The page address of a happy-dom test (jsdom's default too); its fetches are answered in the process. */
const HAPPY_DOM_ORIGIN = 'http://localhost:3000/';

/** What the two unit projects share. */
const unitProject = (name: string) => {
  const run = runTmpdir(name);
  return {
    include: UNIT_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
    environment: 'node',
    maxWorkers: QUICK_WORKERS,
    // jsdom lacks <dialog>'s showModal(): web/src's modals need a stand-in (no-op elsewhere).
    setupFiles: ['web/src/testing/dialog-shim.ts'],
    // Most web tests run on happy-dom, which sets up in a third of jsdom's time (docs/decisions.md, "A
    // 15-minute CI"). Unlike jsdom it would follow a form's native submit and fetch a relative URL from its
    // page's origin over the network: neither leaves the process (a fetch answers 404 from no folder).
    environmentOptions: {
      happyDOM: {
        url: HAPPY_DOM_ORIGIN,
        settings: {
          navigation: { disableMainFrameNavigation: true },
          fetch: { virtualServers: [{ url: HAPPY_DOM_ORIGIN, directory: 'web/src/testing/no-such-folder' }] },
        },
      },
    },
    globalSetup: run.globalSetup,
    env: { ...webEnvDefaults, ...run.env },
  };
};

/**
 * Suite files share their worker's process, and with it the imports (the AWS SDK, Playwright, the app's
 * modules), with the files before them: a third less time than a fresh process per file (docs/decisions.md,
 * "A 15-minute CI"). Not the files that change their process for good: a stack of their own
 * (startLocalStack points process.env, and with it the SDK clients the app's modules make once, at that
 * stack), or a process-wide setting. They run isolated, each in a process of its own (the `*-own-process`
 * projects). Found by what they contain, so a new file of either kind is isolated without a list to keep.
 */
const SUITE_OWN_STACK = /\bstart(Local|Own)Stack\(|^process\.env\.\w+ =/m;
const OWN_PROCESS = {
  integration: filesMatching(['test/integration'], SUITE_OWN_STACK),
  e2e: filesMatching(['test/e2e'], SUITE_OWN_STACK),
};

/** What the end-to-end and security projects add: pages render after real network round trips. */
const endToEnd = {
  ...suite,
  // Give polled assertions time on a busy machine.
  expect: { poll: { timeout: 15_000 } },
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/** The API client's `virtual:route-addresses`, as web/vite.config.ts serves it to the SPA (any test may import the client). */
const plugins = [routeAddressesPlugin()];

/** One runner, five projects: `npm run test:<project>`. */
export default defineConfig({
  test: {
    // Quiet the functions' expected warnings (refused captchas...) and the SDK's Node 20 notice in test output.
    env: { LOG_LEVEL: 'error', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        plugins,
        test: {
          name: 'unit',
          ...unitProject('unit'),
          exclude: [...UNIT_EXCLUDE, ...UNIT_ISOLATED],
          isolate: false,
        },
      },
      {
        plugins,
        test: { name: 'unit-isolated', ...unitProject('unit-isolated'), include: UNIT_ISOLATED },
      },
      {
        plugins,
        test: {
          name: 'integration',
          // The Stripe emulator's own tests (its package's test/) run here too: each starts an emulator.
          include: ['test/integration/**/*.test.ts', 'local/stripe-emulator/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS.integration],
          // A local stack per worker for the whole run (each file makes its own demo orders).
          ...suite,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins,
        test: {
          name: 'integration-own-process',
          include: OWN_PROCESS.integration,
          ...suite,
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          ...runTmpdir('infra'),
          maxWorkers: QUICK_WORKERS,
          // The files of a worker share one import of the CDK and one default synthesis
          // (test/infra/fixture.ts): seconds each. They mock nothing and change no setting.
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        plugins,
        test: {
          name: 'e2e',
          ...endToEnd,
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS.e2e],
        },
      },
      {
        plugins,
        test: {
          name: 'e2e-own-process',
          ...endToEnd,
          include: OWN_PROCESS.e2e,
          isolate: true,
        },
      },
      {
        plugins,
        test: {
          // SECURITY-CASES.md, one file per case (S07 ...), through the local stack as e2e sees it.
          name: 'security',
          ...endToEnd,
          include: ['test/security/**/*.test.ts'],
        },
      },
    ],
  },
});
