/**
 * The secret reader with Secrets Manager mocked: a secret is read by the id its variable gives, kept
 * for SECRET_MAX_AGE_SECONDS and read again after (a rotated value is taken up), and a secret that
 * cannot be read answers a generic 503 (logged with what and why, never with a value), and is tried
 * again on the next call.
 */
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import type * as SecretsModule from './secrets';

const secretsManager = mockClient(SecretsManagerClient);

const IDS = {
  CAPTCHA_SECRET_ID: 'shutterlane/captcha-secret',
  STRIPE_SECRET_KEY_SECRET_ID: 'shutterlane/stripe-secret-key',
  STRIPE_WEBHOOK_SECRET_ID: 'shutterlane/stripe-webhook-secret',
  PAGING_TOKEN_SECRET_ID: 'arn:aws:secretsmanager:eu-west-2:000000000000:secret:Paging-AbCdEf',
};

let secrets: typeof SecretsModule;
let logged: string[];

/** The module afresh: its client, its cache and the environment it read are per module instance. */
async function loadWith(env: Record<string, string | undefined>): Promise<void> {
  vi.resetModules();
  for (const name of [...Object.keys(IDS), 'STRIPE_CONNECT_WEBHOOK_SECRET_ID', 'SECRETSMANAGER_ENDPOINT'])
    delete process.env[name];
  Object.assign(process.env, { AWS_REGION: 'eu-west-2', LOG_LEVEL: 'error', CAPTCHA_HOSTNAMES: 'localhost' });
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  secrets = await import('./secrets');
}

const answers = (values: Record<string, string>) => {
  for (const [id, value] of Object.entries(values))
    secretsManager.on(GetSecretValueCommand, { SecretId: id }).resolves({ SecretString: value });
};

const readsOf = (id: string) =>
  secretsManager.commandCalls(GetSecretValueCommand).filter((call) => call.args[0].input.SecretId === id)
    .length;

beforeEach(async () => {
  secretsManager.reset();
  logged = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
    logged.push(String(line));
    return true;
  });
  await loadWith(IDS);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reading', () => {
  it('reads each secret by the id its variable gives, once while it is fresh', async () => {
    answers({ [IDS.CAPTCHA_SECRET_ID]: 'captcha-value', [IDS.STRIPE_SECRET_KEY_SECRET_ID]: 'sk_test_1' });
    expect(await secrets.captchaSecret()).toBe('captcha-value');
    expect(await secrets.captchaSecret()).toBe('captcha-value');
    expect(await secrets.stripeSecretKey()).toBe('sk_test_1');
    expect(readsOf(IDS.CAPTCHA_SECRET_ID)).toBe(1);
    expect(readsOf(IDS.STRIPE_SECRET_KEY_SECRET_ID)).toBe(1);
  });

  it('reads again once the cache time has passed, taking up a rotated value', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    answers({ [IDS.STRIPE_SECRET_KEY_SECRET_ID]: 'sk_test_old' });
    expect(await secrets.stripeSecretKey()).toBe('sk_test_old');
    answers({ [IDS.STRIPE_SECRET_KEY_SECRET_ID]: 'sk_test_rotated' });
    vi.setSystemTime(Date.now() + (secrets.SECRET_MAX_AGE_SECONDS - 1) * 1000);
    expect(await secrets.stripeSecretKey()).toBe('sk_test_old');
    vi.setSystemTime(Date.now() + 2000);
    expect(await secrets.stripeSecretKey()).toBe('sk_test_rotated');
    expect(readsOf(IDS.STRIPE_SECRET_KEY_SECRET_ID)).toBe(2);
  });

  it('asks the endpoint SECRETSMANAGER_ENDPOINT names, and AWS when it is unset', async () => {
    answers({ [IDS.CAPTCHA_SECRET_ID]: 'captcha-value' });
    await loadWith({ ...IDS, SECRETSMANAGER_ENDPOINT: 'http://localhost:4573' });
    await secrets.captchaSecret();
    const local = secretsManager.call(0).thisValue as SecretsManagerClient;
    expect(String((await local.config.endpoint?.())?.hostname)).toBe('localhost');

    await loadWith(IDS);
    await secrets.captchaSecret();
    const inAws = secretsManager.call(1).thisValue as SecretsManagerClient;
    expect(inAws.config.endpoint).toBeUndefined();
    expect(await inAws.config.region()).toBe('eu-west-2');
  });

  it('reads both webhook secrets, and the Connect one only when it is named', async () => {
    answers({ [IDS.STRIPE_WEBHOOK_SECRET_ID]: 'whsec_platform', 'shutterlane/connect': 'whsec_connect' });
    expect(await secrets.stripeWebhookSecrets()).toEqual({ platform: 'whsec_platform', connect: undefined });
    await loadWith({ ...IDS, STRIPE_CONNECT_WEBHOOK_SECRET_ID: 'shutterlane/connect' });
    expect(await secrets.stripeWebhookSecrets()).toEqual({
      platform: 'whsec_platform',
      connect: 'whsec_connect',
    });
    expect(readsOf('shutterlane/connect')).toBe(1);
  });
});

describe('failures', () => {
  const unavailable = { statusCode: 503, message: serverErrors.serviceUnavailable };

  it('answers a generic 503 when Secrets Manager refuses, logs why, and tries again next time', async () => {
    secretsManager.on(GetSecretValueCommand).rejectsOnce(
      Object.assign(new Error('User: arn:aws:sts::000000000000:assumed-role/r/f is not authorized'), {
        name: 'AccessDeniedException',
      }),
    );
    const refused = await secrets.captchaSecret().catch((error: unknown) => error);
    // An HttpError of the module instance under test (each test loads its own).
    expect(refused).toMatchObject({ name: 'HttpError', ...unavailable });
    expect((refused as Error).message).not.toContain(IDS.CAPTCHA_SECRET_ID);
    const entry = JSON.parse(logged.join('').trim()) as Record<string, unknown>;
    expect(String(entry.level).toLowerCase()).toBe('error');
    expect(entry).toMatchObject({
      message: 'secret unreadable',
      variable: 'CAPTCHA_SECRET_ID',
      secretId: IDS.CAPTCHA_SECRET_ID,
      error: { name: 'AccessDeniedException' },
    });

    answers({ [IDS.CAPTCHA_SECRET_ID]: 'captcha-value' });
    expect(await secrets.captchaSecret()).toBe('captcha-value');
    expect(readsOf(IDS.CAPTCHA_SECRET_ID)).toBe(2);
  });

  it('answers 503 for a missing secret, a binary one and a paging secret too short to seal with', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: IDS.STRIPE_SECRET_KEY_SECRET_ID })
      .rejects(new ResourceNotFoundException({ message: "Secrets Manager can't find it.", $metadata: {} }));
    secretsManager
      .on(GetSecretValueCommand, { SecretId: IDS.CAPTCHA_SECRET_ID })
      .resolves({ SecretBinary: new Uint8Array([1, 2, 3]) });
    answers({ [IDS.PAGING_TOKEN_SECRET_ID]: 'short-secret' });
    await expect(secrets.stripeSecretKey()).rejects.toMatchObject(unavailable);
    await expect(secrets.captchaSecret()).rejects.toMatchObject(unavailable);
    await expect(secrets.pagingTokenSecret()).rejects.toMatchObject(unavailable);
    const entries = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toMatchObject([
      { variable: 'STRIPE_SECRET_KEY_SECRET_ID', error: { name: 'ResourceNotFoundException' } },
      { message: 'secret unusable', variable: 'CAPTCHA_SECRET_ID', problem: 'not text' },
      { message: 'secret unusable', variable: 'PAGING_TOKEN_SECRET_ID', problem: 'shorter than 16' },
    ]);
    // What the secret holds is never logged.
    expect(logged.join('')).not.toContain('short-secret');
  });

  it('refuses a value or a deploy-time reference where a secret id belongs, before any call', async () => {
    await loadWith({ ...IDS, CAPTCHA_SECRET_ID: '{{resolve:secretsmanager:shutterlane/captcha-secret}}' });
    await expect(secrets.captchaSecret()).rejects.toThrow(
      'Invalid captcha configuration in the environment: CAPTCHA_SECRET_ID',
    );
    await loadWith({ ...IDS, STRIPE_SECRET_KEY_SECRET_ID: undefined });
    await expect(secrets.stripeSecretKey()).rejects.toThrow(
      'Invalid Stripe configuration in the environment: STRIPE_SECRET_KEY_SECRET_ID',
    );
    expect(secretsManager.calls()).toHaveLength(0);
  });
});
