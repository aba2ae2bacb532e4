/**
 * The local stack for `npm run bench`, started outside the test runner: free ports, a throw-away data
 * directory, the demo seed, and this process as its operator (as the test files are).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoFile } from '@shutterlane/local-stack/seed/demo-file';
import { ensureSeed, type SeedRecord } from '@shutterlane/local-stack/seed/seed';
import { startLocalStack, type LocalStack } from '@shutterlane/local-stack/stack';
import { freePorts, SUITE_RATE_LIMITS } from './global-stack';
import { captchaControl, type TestStack } from './local-stack';

/** The test files' view of the stack, plus what the cold-start bench needs: the seed's ids, each function's environment. */
export interface BenchStack extends TestStack {
  seed: SeedRecord;
  functionEnvironment: LocalStack['functionEnvironment'];
}

export interface BenchStackOptions {
  web?: boolean;
  webServer?: 'dev' | 'preview';
  /**
   * The production WAF limits and API throttles (the event-scale section measures a crowd against them);
   * by default they are raised, as for the test suites: the load runs make thousands of calls from one
   * address.
   */
  productionLimits?: boolean;
  /** Told of every function invocation, by the function's name. */
  onInvocation?: (functionName: string) => void;
}

export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-bench-'));
  const names = new Map<string, string>();
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web: options.web ?? false,
    ...(options.webServer && { webServer: options.webServer }),
    deploySettings: options.productionLimits ? {} : SUITE_RATE_LIMITS,
    ...(options.onInvocation && { onInvocation: (arn) => options.onInvocation!(names.get(arn) ?? arn) }),
  });
  for (const fn of stack.functions) names.set(fn.arn, fn.name);
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
