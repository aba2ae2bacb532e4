/**
 * Cold starts as Lambda has them: a fresh `node` process with only the function's environment (as the
 * local stack gives its workers: Lambda's variables, the template's (NODE_OPTIONS too, were one set),
 * the stand-ins' endpoints and the function's own credentials) imports the function's bundle, built as the
 * CDK builds it, and invokes its handler once with a sample event from `events/` made live on the bench
 * stack; the answer is checked to be the route's success. Timed from spawning the process to its exit
 * right after the handler returned, beside an empty `node -e ''` timed the same way. The import alone
 * (the process importing the bundle and exiting) is measured too, to show where the time goes.
 * Rounds alternate empty node, imports and invocations, so a busy moment of the machine weighs on all.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchStack } from '@shutterlane/harness/bench-stack';
import { COLD_START_CASES, liveStack, type ColdStartCase, type ColdStartFunction } from './cold-start-events';
import { buildFunctionBundle, kb, type FunctionBundle } from './lambda-bundles';
import { type BenchSection, verdict } from '../summary';

const ROUNDS = Number(process.env.COLD_START_ROUNDS ?? 9);
/** Cold start targets: request-path functions and resize, as multiples of an empty node. */
const REQUEST_PATH_TARGET = 1.8;
const RESIZE_TARGET = 2.5;
const PUBLIC_ORDERS_BUNDLE_TARGET_BYTES = 500 * 1024;

/**
 * The process standing for Lambda's runtime: imports the bundle, invokes `handler` once with a Lambda
 * context, prints the result and exits (open keep-alive sockets would otherwise keep it running).
 */
const INVOKE = `
const [file, eventJson] = process.argv.slice(1);
const { handler } = await import(file);
const env = process.env;
const deadline = Date.now() + 10_000;
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: env.AWS_LAMBDA_FUNCTION_NAME,
  functionVersion: env.AWS_LAMBDA_FUNCTION_VERSION,
  invokedFunctionArn: 'arn:aws:lambda:' + env.AWS_REGION + ':000000000000:function:' + env.AWS_LAMBDA_FUNCTION_NAME,
  memoryLimitInMB: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
  awsRequestId: crypto.randomUUID(),
  logGroupName: env.AWS_LAMBDA_LOG_GROUP_NAME,
  logStreamName: env.AWS_LAMBDA_LOG_STREAM_NAME,
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done() {}, fail() {}, succeed() {},
};
const result = await handler(JSON.parse(eventJson), context);
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ result: result ?? null, cpuMs: (cpu.user + cpu.system) / 1000 }));
process.exit(0);
`;
/**
 * The same invocation with a module loader hook that writes down every file the process loads (once, not
 * timed), to weigh what the route's first invocation really loads of the package.
 */
const LOADED_HOOK = `export async function load(url, context, next) {
  if (url.startsWith('file:')) (await import('node:fs')).appendFileSync(process.env.BENCH_LOADED_LOG, url + '\\n');
  return next(url, context);
}`;
const TRACED_INVOKE = `(await import('node:module')).register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(LOADED_HOOK)}));\n${INVOKE}`;
const IMPORT_ONLY = 'await import(process.argv[1]); process.exit(0);';
/** An empty start that says how much CPU it used (user and system), to set beside a function's. */
const EMPTY_CPU =
  'const cpu = process.cpuUsage(); process.stdout.write(String((cpu.user + cpu.system) / 1000));';

interface ProcessRun {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node args` to its end; the time from spawning it to its exit. */
function timedNode(args: string[], env?: Record<string, string>): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, code, stdout, stderr }),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export interface ColdStartResult {
  name: ColdStartFunction;
  route: string;
  sample: string;
  /** The entry and its static imports: what a cold start loads before the handler runs. */
  entryBytes: number;
  /** The package's files the route's first invocation loaded (written down by a loader hook). */
  routeBytes: number;
  /** Every chunk of the package. */
  totalBytes: number;
  importMs: number;
  invokeMs: number;
  /** CPU time (user and system) of the invoking process up to the handler's return. */
  invokeCpuMs: number;
}

export interface ColdStartReport {
  /** public-orders: the free order's open (its route's chunks) and the paid order's first open (Stripe too). */
  publicOrders: { freeOpenBytes: number; paidFirstOpenBytes: number };
  emptyNodeMs: number;
  emptyNodeCpuMs: number;
  rounds: number;
  results: ColdStartResult[];
}

async function invokeOnce(
  testCase: ColdStartCase,
  bundle: FunctionBundle,
  env: Record<string, string>,
  live: Awaited<ReturnType<typeof liveStack>>,
  script = INVOKE,
): Promise<{ ms: number; cpuMs: number }> {
  const event = await testCase.event(live);
  const run = await timedNode(['--input-type=module', '-e', script, bundle.file, JSON.stringify(event)], env);
  if (run.code !== 0) throw new Error(`${testCase.name}: the invocation failed (${run.code}): ${run.stderr}`);
  const { result, cpuMs } = JSON.parse(run.stdout) as { result: unknown; cpuMs: number };
  const problem = await testCase.check(result, live);
  if (problem) throw new Error(`${testCase.name}: not the route's success: ${problem}`);
  return { ms: run.ms, cpuMs };
}

/** public-orders' order-check route module, and what only a paid order's first open (a new session) adds. */
const PUBLIC_ORDER_ROUTE = 'functions/public-orders/get-public-order.ts';
const PAID_FIRST_OPEN = [
  'functions/public-orders/checkout-session.ts',
  'node_modules/stripe/esm/stripe.esm.node.js',
];

/** One untimed invocation with the loader hook: the bytes of the package's files it loaded. */
async function loadedBytes(
  testCase: ColdStartCase,
  bundle: FunctionBundle,
  env: Record<string, string>,
  live: Awaited<ReturnType<typeof liveStack>>,
): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cold-start-loaded-'));
  try {
    const log = path.join(dir, 'loaded.txt');
    await invokeOnce(testCase, bundle, { ...env, BENCH_LOADED_LOG: log }, live, TRACED_INVOKE);
    const files = new Set(
      (await readFile(log, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((url) => fileURLToPath(url)),
    );
    // Node loads modules by their real path (node_modules, which holds the packages, may be a link).
    const root = await realpath(bundle.taskRoot);
    const own = [...files].filter((file) => file.startsWith(root + path.sep) && file.endsWith('.mjs'));
    const sizes = await Promise.all(own.map(async (file) => (await stat(file)).size));
    return sizes.reduce((sum, size) => sum + size, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureColdStarts(env: BenchStack, log = console.log): Promise<ColdStartReport> {
  const bundles = new Map<ColdStartFunction, FunctionBundle>();
  for (const testCase of COLD_START_CASES)
    bundles.set(testCase.name, await buildFunctionBundle(testCase.name));
  const environments = new Map(
    COLD_START_CASES.map((testCase) => [
      testCase.name,
      env.functionEnvironment(testCase.name, bundles.get(testCase.name)!.taskRoot),
    ]),
  );
  const functionEnv = (name: ColdStartFunction) => environments.get(name)!;
  const live = await liveStack(env, functionEnv);
  const empty: number[] = [];
  const emptyCpu: number[] = [];
  const imports = new Map<ColdStartFunction, number[]>();
  const invokes = new Map<ColdStartFunction, number[]>();
  const invokesCpu = new Map<ColdStartFunction, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    log(`  cold starts: round ${round + 1} of ${ROUNDS}`);
    empty.push((await timedNode(['-e', ''])).ms);
    emptyCpu.push(Number((await timedNode(['-e', EMPTY_CPU])).stdout));
    for (const testCase of COLD_START_CASES) {
      const bundle = bundles.get(testCase.name)!;
      const environment = functionEnv(testCase.name);
      const imported = await timedNode(['--input-type=module', '-e', IMPORT_ONLY, bundle.file], environment);
      if (imported.code !== 0) throw new Error(`${testCase.name}: the import failed: ${imported.stderr}`);
      imports.set(testCase.name, [...(imports.get(testCase.name) ?? []), imported.ms]);
      const invoked = await invokeOnce(testCase, bundle, environment, live);
      invokes.set(testCase.name, [...(invokes.get(testCase.name) ?? []), invoked.ms]);
      invokesCpu.set(testCase.name, [...(invokesCpu.get(testCase.name) ?? []), invoked.cpuMs]);
    }
  }
  // After the rounds: the paid demo order has its Checkout Session by then (its first open made it), as
  // it has on every open after the first; that first open is weighed from the metafile.
  const routeBytes = new Map<ColdStartFunction, number>();
  for (const testCase of COLD_START_CASES)
    routeBytes.set(
      testCase.name,
      await loadedBytes(testCase, bundles.get(testCase.name)!, functionEnv(testCase.name), live),
    );
  const publicOrders = bundles.get('public-orders')!;
  return {
    publicOrders: {
      freeOpenBytes: publicOrders.bytesWith([PUBLIC_ORDER_ROUTE]),
      paidFirstOpenBytes: publicOrders.bytesWith([PUBLIC_ORDER_ROUTE, ...PAID_FIRST_OPEN]),
    },
    emptyNodeMs: median(empty),
    emptyNodeCpuMs: median(emptyCpu),
    rounds: ROUNDS,
    results: COLD_START_CASES.map((testCase) => ({
      name: testCase.name,
      route: testCase.route,
      sample: testCase.sample,
      entryBytes: bundles.get(testCase.name)!.entryBytes,
      routeBytes: routeBytes.get(testCase.name)!,
      totalBytes: bundles.get(testCase.name)!.totalBytes,
      importMs: median(imports.get(testCase.name)!),
      invokeMs: median(invokes.get(testCase.name)!),
      invokeCpuMs: median(invokesCpu.get(testCase.name)!),
    })),
  };
}

const targetOf = (name: ColdStartFunction) => (name === 'resize' ? RESIZE_TARGET : REQUEST_PATH_TARGET);

/** The report's section on the Lambda cold starts and bundles, and its summary rows. */
/**
 * A cold start's measured split: the import alone against an empty node, then what the first
 * invocation adds (the route's chunks, the SDK's first signed call and its connection).
 */
function coldStartCause(result: ColdStartResult, ratio: (ms: number) => number): string {
  const split =
    `import alone ${result.importMs.toFixed(0)} ms (${ratio(result.importMs).toFixed(2)}x empty node), the first ` +
    `invocation ${(result.invokeMs - result.importMs).toFixed(0)} ms more; ${kb(result.entryBytes)} entry, ` +
    `${kb(result.routeBytes)} loaded in all.`;
  const remedy =
    result.name === 'resize'
      ? ' What would meet it: sharp loads libvips (a native library of several MB) before any work; only a smaller image library, or a runtime with it preloaded (a snapshot), would.'
      : ' What would meet it: less shared code in the entry (the AWS SDK clients, middy, zod and Powertools are most of it), or a snapshot of the initialised runtime.';
  return split + remedy;
}

export function coldStartSection({
  publicOrders: { freeOpenBytes, paidFirstOpenBytes },
  emptyNodeMs,
  emptyNodeCpuMs,
  rounds,
  results,
}: ColdStartReport): BenchSection {
  const ratio = (ms: number) => ms / emptyNodeMs;
  const publicOrders = results.find((result) => result.name === 'public-orders')!;
  // The gate is on the code a cold order open loads: the larger of the free order's and the paid order's
  // with its session kept (the bench's invocation); the paid order's first open, with Stripe, is shown apart.
  const orderOpenBytes = Math.max(freeOpenBytes, publicOrders.routeBytes);
  const bundleMet = orderOpenBytes <= PUBLIC_ORDERS_BUNDLE_TARGET_BYTES;
  const lines = [
    '## Lambda cold starts',
    '',
    'Each function packaged as a deployment packages it (lambdaEsbuildOptions in',
    'infra/constructs/app-function.ts: an ESM entry `index.mjs` plus chunks, code behind a dynamic',
    "`import()` in chunks of its own), then, in a fresh `node` process with only that function's",
    "environment as the local stack gives it (Lambda's and the template's variables, stand-in endpoints,",
    'its own credentials), its handler imported and invoked once with a sample event from `events/` made',
    "live on the bench stack; the answer is checked to be the route's success (a 2xx with the expected",
    'body; for resize, the thumbnail written and the photo READY). Timed from spawning the process to its',
    `exit after the handler returned, beside an empty \`node -e ''\` timed the same way; medians of ${rounds}`,
    'rounds, each round running every measure once. "Import" is the same process importing the entry and',
    'exiting, to show where time goes. "CPU" is the CPU time (user and system) the invoking process used',
    "up to the handler's return, beside an empty node's: on a busy machine it moves far less than the",
    'wall-clock time, which waits for the processor, so it shows which functions do more work; the',
    'targets are on the wall-clock time.',
    '',
    'Sizes (JavaScript only; the source maps shipped beside the files are not loaded): "entry" is',
    '`index.mjs` and the chunks it imports statically, what any cold start loads before the handler',
    'runs (from esbuild\'s metafile); "route loads" is what the invocation measured here loaded of the',
    'package (every file written down by a module loader hook in one more, untimed, invocation), the',
    'route\'s code and what its path imports lazily included; "all chunks" is the whole package. Native',
    'packages installed beside it (sharp) are not counted.',
    '',
    `Empty \`node\` start: ${emptyNodeMs.toFixed(1)} ms, ${emptyNodeCpuMs.toFixed(1)} ms CPU (medians).`,
    '',
    '| function | route invoked | entry | route loads | all chunks | import | first invocation | CPU (vs empty) | vs empty node | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${result.route} | ${kb(result.entryBytes)} | ${kb(result.routeBytes)} | ${kb(result.totalBytes)} | ${result.importMs.toFixed(1)} ms | ${result.invokeMs.toFixed(1)} ms | ${result.invokeCpuMs.toFixed(0)} ms (${(result.invokeCpuMs / emptyNodeCpuMs).toFixed(2)}x) | ${ratio(result.invokeMs).toFixed(2)}x | ≤ ${targetOf(result.name)}x: ${verdict(ratio(result.invokeMs) <= targetOf(result.name))} |`,
    ),
    '',
    'public-orders, the code an order open loads (target ≤ ' +
      `${kb(PUBLIC_ORDERS_BUNDLE_TARGET_BYTES)}: ${verdict(bundleMet)}): the free order's ${kb(freeOpenBytes)} ` +
      `(entry and the order-check route's chunks, from the metafile), the paid order's with its Checkout ` +
      `Session kept ${kb(publicOrders.routeBytes)} (measured above: the checkout-session chunk too, no ` +
      `Stripe). A paid order's first open, which creates its session, also loads the Stripe SDK: ` +
      `${kb(paidFirstOpenBytes)} (from the metafile), once per order; all chunks ${kb(publicOrders.totalBytes)}.`,
    '',
  ];
  const summary = [
    ...results.map((result) => ({
      figure: `${result.name} cold start (first invocation) vs empty node`,
      target: `≤ ${targetOf(result.name)}x`,
      now: `${ratio(result.invokeMs).toFixed(2)}x`,
      met: ratio(result.invokeMs) <= targetOf(result.name),
      cause: coldStartCause(result, ratio),
    })),
    {
      figure:
        'public-orders code a cold order open loads (free order; paid order with its session kept; the first paid open, with Stripe, in the section)',
      target: `≤ ${kb(PUBLIC_ORDERS_BUNDLE_TARGET_BYTES)}`,
      now: kb(orderOpenBytes),
      met: bundleMet,
      gate: true,
    },
  ];
  return { lines, summary };
}
