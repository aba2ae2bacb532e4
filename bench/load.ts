/**
 * The public order call under load on the local stack, beside dynalite's own GetItem rate at the same
 * concurrency, which bounds what any handler reading one item can reach here. Loopback only, a fixed
 * number of requests per run.
 */
import autocannon from 'autocannon';
import { CAPTCHA_ACTIONS } from '../shared/constants';
import { captchaToken, type TestStack } from '../test/support/local-stack';

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

async function run(target: string, connections: number, options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ ...options, connections, amount: REQUESTS_PER_RUN, timeout: 10 });
  return {
    target,
    connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
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

/** A GetItem straight to dynalite: it checks that a signature is present, not what it says. */
function getItemRequest(dynamoUrl: string, table: string, orderId: string): autocannon.Options {
  return {
    url: dynamoUrl,
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.GetItem',
      'x-amz-date': '20260101T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=SHUTTERLANELOCAL/20260101/eu-west-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify({ TableName: table, Key: { orderId: { S: orderId } } }),
  };
}

export async function measureLoad(env: TestStack): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const orderId = env.demo.orders.free.id;
  for (const connections of [10, 50]) {
    results.push(
      await run(
        'dynalite GetItem',
        connections,
        getItemRequest(env.stack.urls.dynamo, env.stack.tableNames.orders, orderId),
      ),
    );
    const tokens = await tokenPool(env.stack.urls.captcha, REQUESTS_PER_RUN + connections * 2);
    results.push(
      await run('POST /public/orders/{orderId}', connections, {
        url: `${env.demo.apiUrl}/public/orders/${orderId}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          { setupRequest: (req) => ({ ...req, body: JSON.stringify({ captchaToken: tokens.pop() }) }) },
        ],
      }),
    );
  }
  return results;
}
