/**
 * The public order call under load on the local stack, beside dynalite's own GetItem rate at the same
 * concurrency, which bounds what any handler reading one item can reach here. Loopback only, a fixed
 * number of requests per run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { LOCAL_AWS } from '../local/config';
import { CAPTCHA_ACTIONS } from '#shared/constants';
import { captchaToken, type TestStack } from '../test/support/local-stack';
import { type BenchSection, verdict } from './summary';

export interface LoadResult {
  target: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const REQUESTS_PER_RUN = 3000;

type Job = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  captchaTokens?: string[];
};

/** Runs autocannon in a child process (bench/load-worker.ts) and reads its JSON result. */
function run(target: string, connections: number, job: Job): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = spawn(process.execPath, ['--import', 'tsx', path.resolve('bench/load-worker.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.on('error', reject);
    worker.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited with ${code}`));
      resolve({ target, connections, ...(JSON.parse(output) as Omit<LoadResult, 'target' | 'connections'>) });
    });
    worker.stdin.end(JSON.stringify({ ...job, connections, amount: REQUESTS_PER_RUN }));
  });
}

async function tokenPool(captchaUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Math.min(100, count - i);
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => captchaToken(captchaUrl, CAPTCHA_ACTIONS.publicOrderCheck)),
      )),
    );
  }
  return tokens;
}

/**
 * A GetItem signed once with the operator's key (SigV4 allows repeating a request for 15 minutes), sent
 * straight to the local DynamoDB: its proxy checks the signature and the caller's policy like AWS.
 */
async function getItemRequest(dynamoUrl: string, table: string, orderId: string): Promise<Job> {
  const url = new URL(dynamoUrl);
  const body = JSON.stringify({ TableName: table, Key: { orderId: { S: orderId } } });
  const signer = new SignatureV4({
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
    region: LOCAL_AWS.region,
    service: 'dynamodb',
    sha256: Sha256,
  });
  const signed = await signer.sign(
    new HttpRequest({
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      method: 'POST',
      path: '/',
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.GetItem',
      },
      body,
    }),
  );
  return { url: dynamoUrl, method: 'POST', headers: signed.headers, body };
}

export async function measureLoad(env: TestStack): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const orderId = env.demo.orders.free.id;
  for (const connections of [10, 50]) {
    results.push(
      await run(
        'DynamoDB GetItem (signed)',
        connections,
        await getItemRequest(env.stack.urls.dynamo, env.stack.operatorEnv.ORDERS_TABLE!, orderId),
      ),
    );
    const tokens = await tokenPool(env.stack.urls.captcha, REQUESTS_PER_RUN + connections * 2);
    results.push(
      await run('POST /public/orders/{orderId}', connections, {
        url: `${env.demo.apiUrl}/public/orders/${orderId}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        captchaTokens: tokens,
      }),
    );
  }
  return results;
}

/** The report's section on the order call under load, and its ratio to GetItem per concurrency. */
export function loadSection(load: LoadResult[]): BenchSection {
  const lines = [
    '## Public order call under load (loopback, autocannon)',
    '',
    'Each request carries a fresh captcha token (tokens are good once), so the call includes a siteverify',
    "round trip to the stub, a GetItem and the thumbnail signatures. Target: at least 0.8x dynalite's GetItem rate.",
    'The stack runs as deployed: the function in its own worker threads with its own credentials, each of its',
    'DynamoDB calls signature- and IAM-checked by the stand-in (the GetItem baseline too), in one process with the',
    "gateway, the captcha stub and dynalite; each order call makes three loopback HTTP exchanges to the baseline's one.",
    'The load generator runs in a child process.',
    '',
    '| target | connections | requests | req/s | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...load.map(
      (l) =>
        `| ${l.target} | ${l.connections} | ${l.requests} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.non2xx} |`,
    ),
    '',
  ];
  const summary = [];
  for (const connections of [10, 50]) {
    const [dyn, api] = load.filter((l) => l.connections === connections);
    if (!dyn || !api) continue;
    const ratio = api.rps / dyn.rps;
    lines.push(`- ${connections} connections: ${ratio.toFixed(2)}x of GetItem (${verdict(ratio >= 0.8)}).`);
    summary.push({
      figure: `order call vs GetItem, ${connections} connections`,
      target: '>= 0.8x',
      now: `${ratio.toFixed(2)}x`,
      met: ratio >= 0.8,
    });
  }
  lines.push('');
  return { lines, summary };
}
