/** The origin check every API function runs first: the secret from Secrets Manager, 403 without it. */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpEvent, HttpResult } from './http';
import { UNIT_ORIGIN } from './testing/unit-origin';
import { setUnitTestEnv } from './testing/unit-env';

const secretsManager = mockClient(SecretsManagerClient);
const context = { awsRequestId: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const route = vi.fn(async () => ({ statusCode: 200, body: '{"ok":true}' }));
/** Every route of the group answers with the mock (the tests call publicOrder). */
const load = async () => ({ handler: route });

let handler: (event: HttpEvent, context: Context) => Promise<HttpResult>;
let ORIGIN_REFUSED_MESSAGE: string;
let sameSecret: (sent: string | undefined, secret: string) => boolean;

beforeAll(async () => {
  setUnitTestEnv(UNIT_ORIGIN.env);
  const http = await import('./http');
  ({ ORIGIN_REFUSED_MESSAGE, sameSecret } = await import('./origin-verify'));
  handler = http.groupHandler('public-orders', {
    openOrder: load,
    publicOrder: load,
    fulfilledOrder: load,
    buyExtension: load,
    unsubscribeReminders: load,
  });
});
beforeEach(() => {
  route.mockClear();
  secretsManager.reset();
  secretsManager
    .on(GetSecretValueCommand, { SecretId: UNIT_ORIGIN.secretId })
    .resolves({ SecretString: UNIT_ORIGIN.value });
});

const event = (headers: Record<string, string>) =>
  ({
    version: '2.0',
    routeKey: 'POST /public/orders/{orderId}',
    headers,
    requestContext: { requestId: 'r-1' },
  }) as unknown as HttpEvent;

describe('origin verify', () => {
  it('passes a request with the secret on to its route', async () => {
    const answer = await handler(event({ ...UNIT_ORIGIN.headers }), context);
    expect(answer.statusCode).toBe(200);
    expect(route).toHaveBeenCalledOnce();
  });

  it.each([
    ['without the header', {}],
    ['with a wrong value', { 'x-origin-verify': 'not-the-secret' }],
    ['with the value plus a character', { 'x-origin-verify': `${UNIT_ORIGIN.value}x` }],
    ['with an empty value', { 'x-origin-verify': '' }],
  ])('refuses a request %s: 403 with a clear message, the route never runs', async (_, headers) => {
    const answer = await handler(event(headers), context);
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(String(answer.body))).toEqual({ message: ORIGIN_REFUSED_MESSAGE });
    expect(route).not.toHaveBeenCalled();
  });

  it('answers 503 and runs nothing when the secret cannot be read', async () => {
    secretsManager.reset();
    secretsManager.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));
    // A value read earlier may be cached for minutes: this checks a cold read through a fresh module.
    vi.resetModules();
    const http = await import('./http');
    const cold = http.groupHandler('public-orders', {
      openOrder: load,
      publicOrder: load,
      fulfilledOrder: load,
      buyExtension: load,
      unsubscribeReminders: load,
    });
    const answer = await cold(event({ ...UNIT_ORIGIN.headers }), context);
    expect(answer.statusCode).toBe(503);
    expect(route).not.toHaveBeenCalled();
  });

  it('compares whole values only', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('ab', 'abc')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
  });
});
