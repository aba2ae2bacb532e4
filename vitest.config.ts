import { configDefaults, defineConfig } from 'vitest/config';
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
 * The end-to-end and security projects' shared set-up: one local stack for the run with the SPA as a
 * production build (local/harness/global-stack.ts), files one after another.
 */
const endToEnd = {
  globalSetup: ['local/harness/global-stack.ts'],
  setupFiles: ['test/support/operator-env.ts'],
  // Pages render after real network round trips: give polled assertions time on a busy machine.
  expect: { poll: { timeout: 15_000 } },
  testTimeout: 60_000,
  hookTimeout: 120_000,
  fileParallelism: false,
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
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'local/**/*.test.ts',
            'content/**/*.test.ts',
            'ops/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // The Stripe emulator's own tests run with the integration project.
          exclude: [...configDefaults.exclude, 'local/stripe-emulator/test/**'],
          environment: 'node',
          // jsdom lacks <dialog>'s showModal(): web/src's modals need a stand-in (no-op elsewhere).
          setupFiles: ['web/src/testing/dialog-shim.ts'],
          env: webEnvDefaults,
        },
      },
      {
        plugins,
        test: {
          name: 'integration',
          // The Stripe emulator's own tests (its package's test/) run here too: each starts an emulator.
          include: ['test/integration/**/*.test.ts', 'local/stripe-emulator/test/**/*.test.ts'],
          // One local stack for the whole run, shared by every file (each makes its own demo orders).
          globalSetup: ['local/harness/global-stack.ts'],
          setupFiles: ['test/support/operator-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        plugins,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        plugins,
        test: {
          name: 'e2e',
          ...endToEnd,
          include: ['test/e2e/**/*.test.ts'],
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
