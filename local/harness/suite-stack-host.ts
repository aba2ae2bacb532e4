/**
 * One suite stack in a process of its own: local/harness/global-stack.ts forks one per test worker. A
 * stack's start and seed go through process.env and through the SDK clients the app's modules keep once
 * made (functions/lib/dynamo.ts, s3.ts), so two stacks started in one process would seed each other's
 * tables. Sends its parent the stack's addresses once seeded; stops the stack when the parent asks or goes.
 *
 * Run as `node --import tsx local/harness/suite-stack-host.ts <data dir>` with an IPC channel.
 */
import { rm } from 'node:fs/promises';
import { PortInUseError } from '@shutterlane/aws-standins/http/ports';
import { ensureSeed } from '@shutterlane/local-stack/seed/seed';
import { startLocalStack } from '@shutterlane/local-stack/stack';
import { E2E_WEB_ENV, freePorts, SUITE_RATE_LIMITS, type SharedStack } from './global-stack';
import { withFreshSellerBrands, withShortCustomerUrls, withSmallPhotoWalkPages } from './template-settings';

/**
 * What the host tells its parent: each step of the start as it is reached (so a start that hangs is
 * reported with where it stopped), then the stack, or why it did not start (`portTaken` when a port
 * chosen free was taken before a stand-in bound it).
 */
export type HostMessage = { step: string } | { ready: SharedStack } | { failed: string; portTaken?: boolean };

const send = (message: HostMessage) => process.send!(message);

/**
 * A suite stack: the SPA as a deployment ships it (a production build served with the headers CloudFront
 * sends, so a page that breaks the Content-Security-Policy fails a test), the demo seeded. Every suite
 * project gets the same kind of stack, so any worker can take any project's file.
 */
async function startSuiteStack(dataDir: string): Promise<{ shared: SharedStack; stop(): Promise<void> }> {
  const stack = await startLocalStack({
    log: (step) => send({ step }),
    ports: await freePorts(),
    dataDir,
    // Never started again on its folder: nothing to keep on disk.
    tables: 'memory',
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
    send({ step: 'seeding the demo' });
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    const { urls, cognito, operatorEnv } = stack;
    return { shared: { urls, cognito, operatorEnv, seed, dataDir }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function host(dataDir: string): Promise<void> {
  let stack: Awaited<ReturnType<typeof startSuiteStack>>;
  try {
    stack = await startSuiteStack(dataDir);
  } catch (error) {
    send({
      failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      portTaken: error instanceof PortInUseError,
    });
    process.disconnect();
    return;
  }
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= stack.stop().finally(() => process.exit(0));
  };
  process.on('message', stop);
  process.on('disconnect', stop);
  send({ ready: stack.shared });
}

if (!process.send) throw new Error('suite-stack-host runs forked, with an IPC channel');
await host(process.argv[2]!);
