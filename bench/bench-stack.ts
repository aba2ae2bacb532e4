/**
 * The local stack for `npm run bench`, started outside the test runner: free ports, a throw-away data
 * directory, the demo seed, and this process as its operator (as the test files are).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoFile } from '../local/seed/demo-file';
import { ensureSeed, type SeedRecord } from '../local/seed/seed';
import { startLocalStack, type LocalStack } from '../local/stack';
import { freePorts, SUITE_RATE_LIMITS } from '../test/support/global-stack';
import { captchaControl, type TestStack } from '../test/support/local-stack';

/** The test files' view of the stack, plus what the cold-start bench needs: the seed's ids, each function's environment. */
export interface BenchStack extends TestStack {
  seed: SeedRecord;
  functionEnvironment: LocalStack['functionEnvironment'];
}

export async function startBenchStack(
  options: { web?: boolean; webServer?: 'dev' | 'preview' } = {},
): Promise<BenchStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-bench-'));
  // The load runs make thousands of calls from one address: the WAF limits and API throttles raised, as for the
  // test suites.
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web: options.web ?? false,
    ...(options.webServer && { webServer: options.webServer }),
    deploySettings: SUITE_RATE_LIMITS,
  });
  try {
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    return {
      stack: {
        urls: stack.urls,
        cognito: stack.cognito,
        operatorEnv: stack.operatorEnv,
        captcha: captchaControl(stack.urls.captcha),
      },
      demo: demoFile(seed, stack.urls),
      seed,
      functionEnvironment: stack.functionEnvironment,
      dataDir,
      stop: async () => {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
