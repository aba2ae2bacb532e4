/**
 * Vitest global setup of the integration, end-to-end and security projects: one local stack per test
 * WORKER for the whole run, shared by those projects (synthesizing the templates, bundling the functions,
 * building the SPA and starting the stand-ins take seconds), each with the demo seed. A worker runs one
 * file at a time, so a stack serves one file at a time, as a single stack did when the files ran one
 * after another: the captcha score, the Stripe emulator's planned faults, the mail outbox and the
 * rate-limit windows are never shared by two files at once. Test files reach their worker's stack
 * through `localStack()` (local/harness/worker-stack.ts); each file makes its own demo orders.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { LOCAL_PORT_SETTINGS, type LocalPorts } from '@shutterlane/local-stack/config';
import type { SeedRecord } from '@shutterlane/local-stack/seed/seed';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { recordOf } from '../../infra/constructs/naming';
import {
  ACCOUNT_THROTTLE_QUOTA,
  THROTTLE_CLASSES,
  throttleSettings,
} from '../../infra/stacks/route-throttles';
import { RATE_LIMIT_BOUNDS } from '../../infra/stacks/settings';
import { freePort } from './free-port';
import type { HostMessage } from './suite-stack-host';
import { untilExists, wantedFile, type StackFile } from './stack-files';

export interface SharedStack {
  urls: LocalStack['urls'];
  cognito: LocalStack['cognito'];
  operatorEnv: Record<string, string>;
  seed: SeedRecord;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One file per worker, where its stack's addresses are written once it is seeded (or why it did not
     * start): the worker whose VITEST_POOL_ID is n waits for the (n-1)th (local/harness/worker-stack.ts).
     */
    localStackFiles: string[];
  }
}

export async function freePorts(): Promise<LocalPorts> {
  const services = Object.keys(LOCAL_PORT_SETTINGS) as (keyof LocalPorts)[];
  const ports = await Promise.all(services.map(() => freePort()));
  return Object.fromEntries(services.map((service, i) => [service, ports[i]])) as LocalPorts;
}

/**
 * The SPA settings of the e2e run: test analytics ids, so the consent tests see what would load, and
 * store listings, so the home page shows its badges as a deployment with listings does.
 */
export const E2E_WEB_ENV = {
  VITE_GA_MEASUREMENT_ID: 'G-TEST12345',
  VITE_META_PIXEL_ID: '123456789012345',
  VITE_APP_STORE_URL: 'https://apps.apple.com/app/shutterlane',
  VITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.shutterlane',
};

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

/** A stack started in its own process (local/harness/suite-stack-host.ts). */
interface HostedStack {
  shared: SharedStack;
  stop(): Promise<void>;
}

interface SuiteStacks {
  /** The first stack, and the others started one after another behind it. */
  first: Promise<void>;
  all: Promise<HostedStack[]>;
  /** The run is over: no stack starts any more (one starting is let finish, then stopped). */
  end(): void;
  files: string[];
  /** Projects still running on them: the last one to finish stops them. */
  users: number;
}

/**
 * The run's stacks, kept on globalThis: each project loads this module on its own, in the one main
 * process, and the projects of one run share the stacks.
 */
const RUN_STACKS = Symbol.for('shutterlane.suiteStacks');
type WithRunStacks = typeof globalThis & { [RUN_STACKS]?: SuiteStacks };

const HOST = fileURLToPath(new URL('./suite-stack-host.ts', import.meta.url));

/** Stops the host's stack (it exits once the stack is down). */
function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit').then(() => undefined);
  // A host that failed has let go of its channel already.
  if (child.connected) child.send('stop', (error) => error && child.kill());
  else child.kill();
  return exited;
}

/**
 * Ports are chosen free, then bound by the stand-ins a moment later: when the other workers' files run
 * meanwhile, one of their thousands of connections may take a chosen port first. The stack then starts
 * again on other ports (and so does a stack whose start hung, below).
 */
const PORT_ATTEMPTS = 3;

/**
 * A stack starts and seeds in about a minute on a loaded 2-core machine, reporting each step (a stand-in
 * up, the app synthesized, the seed begun) as it goes; no step takes a minute alone. Now and then a host
 * sits idle mid-start, waiting on a local call that never answers (once for half an hour, and the whole
 * run with it): a start with no new step for this long is abandoned, its host killed, and the stack
 * started again, within the same attempts. The failure names the last step reached.
 */
const HOST_STALL_TIMEOUT_MS = 2 * 60_000;

type Outcome = Exclude<HostMessage, { step: string }> & { hung?: boolean };

/** The host's stack or failure, a failure if it exits first, or a hang if it stalls between steps. */
function startOutcome(child: ChildProcess, n: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let lastStep = 'none yet';
    let stall: NodeJS.Timeout | undefined;
    const settle = (outcome: Outcome) => {
      clearTimeout(stall);
      child.off('message', onMessage).off('exit', onExit);
      resolve(outcome);
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        const stalled = `suite stack ${n} made no progress for ${HOST_STALL_TIMEOUT_MS / 60_000} minutes`;
        settle({ failed: `${stalled} (last step: ${lastStep})`, hung: true });
      }, HOST_STALL_TIMEOUT_MS);
    };
    const onMessage = (message: HostMessage) => {
      if (!('step' in message)) return settle(message);
      lastStep = message.step;
      watch();
    };
    const onExit = (code: number | null) =>
      settle({ failed: `suite stack ${n} exited with ${String(code)}` });
    child.on('message', onMessage).once('exit', onExit);
    watch();
  });
}

/** Forks a host for a stack in a fresh data dir; resolves once its stack is seeded. */
async function startHostedStack(n: number, attempt = 1): Promise<HostedStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shutterlane-suite-${n}-`));
  const child = fork(HOST, [dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const stop = () => stopHost(child);
  const message = await startOutcome(child, n);
  if ('failed' in message) {
    // A hung host listens for nothing yet: it is killed.
    if (message.hung) child.kill('SIGKILL');
    await stop();
    await rm(dataDir, { recursive: true, force: true });
    if ((message.portTaken || message.hung) && attempt < PORT_ATTEMPTS) {
      if (message.hung) console.warn(`${message.failed}: starting it again`);
      return startHostedStack(n, attempt + 1);
    }
    throw new Error(`suite stack ${n} did not start: ${message.failed}`);
  }
  return { shared: message.ready, stop };
}

/** Writes a stack file whole (a waiting worker never reads half of one). */
async function writeStackFile(file: string, content: StackFile): Promise<void> {
  await writeFile(`${file}.part`, JSON.stringify(content));
  await rename(`${file}.part`, file);
}

/** Resolves once a worker asked for the stack of `file`, or with false once the run ended first. */
const untilWanted = (file: string, ended: () => boolean): Promise<boolean> =>
  untilExists(wantedFile(file), ended);

/**
 * Starts the stacks, each in its own process, one after another, and writes each one's file as it is
 * seeded. The first starts at once; each later one once its worker asks for it, so the first worker's
 * files run while the others' stacks start, and a run of one file (a developer's) starts one stack.
 * Never two starts side by side: three seeds at once on two busy cores made the resize function's first
 * runs outlast the local async invoker's scaled event age (12 s for the two hours AWS gives), and a seed
 * photo was refused. After a failure the later stacks are not started; their files say why.
 */
function startSuiteStacks(files: string[]): Pick<SuiteStacks, 'first' | 'all' | 'end'> {
  const started: HostedStack[] = [];
  let ended = false;
  let firstStarted!: (result: Error | undefined) => void;
  const first = new Promise<Error | undefined>((resolve) => (firstStarted = resolve));
  const all = (async () => {
    let failure: string | undefined;
    for (const [i, file] of files.entries()) {
      // After a failure every later file says so at once: no worker waits for a stack that will not come.
      if (i > 0 && !failure && !(await untilWanted(file, () => ended))) break;
      if (failure) {
        await writeStackFile(file, { failed: `an earlier suite stack did not start: ${failure}` });
        continue;
      }
      try {
        const stack = await startHostedStack(i + 1);
        started.push(stack);
        await writeStackFile(file, { ready: stack.shared });
        if (i === 0) firstStarted(undefined);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        await writeStackFile(file, { failed: failure });
        if (i === 0) firstStarted(error instanceof Error ? error : new Error(failure));
      }
    }
    return started;
  })();
  return {
    first: first.then((error) => {
      if (error) throw error;
    }),
    all,
    end: () => {
      ended = true;
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = globalThis as WithRunStacks;
  // The same in every suite project (vitest.config.ts): fileParallelism false makes it 1.
  const workers = project.config.maxWorkers;
  if (!run[RUN_STACKS]) {
    const runDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-suite-stacks-'));
    const files = Array.from({ length: workers }, (_, i) => path.join(runDir, `stack-${i + 1}.json`));
    run[RUN_STACKS] = { ...startSuiteStacks(files), files, users: 0 };
  }
  const stacks = run[RUN_STACKS];
  stacks.users += 1;
  project.provide('localStackFiles', stacks.files);
  // The first worker starts on the first stack; the others wait for theirs (local/harness/worker-stack.ts).
  await stacks.first;
  return async () => {
    stacks.users -= 1;
    if (stacks.users > 0) return;
    delete run[RUN_STACKS];
    stacks.end();
    const started = await stacks.all;
    await Promise.all(started.map((stack) => stack.stop()));
    await rm(path.dirname(stacks.files[0]!), { recursive: true, force: true });
  };
}
