/**
 * The webhook handler with DynamoDB mocked: the raw body the signature covers (text or base64, as API
 * Gateway passes it), refusals that touch nothing, unknown types acknowledged without work, and the
 * two endpoints' secrets (platform and Connect), each good only for the events its endpoint carries.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sample from '../../events/stripe/checkout-session-completed.json';
import type { HttpEvent } from '../lib/http';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { UNIT_ORIGIN } from '../lib/testing/unit-origin';

const SECRET = 'whsec_unit_test';
const CONNECT_SECRET = 'whsec_unit_test_connect';
const dynamo = mockClient(DynamoDBDocumentClient);
const secretsManager = mockClient(SecretsManagerClient);
/** The secrets as Secrets Manager holds them, by the ids the function's environment names. */
const SECRET_VALUES: Record<string, string> = {
  'shutterlane/stripe-secret-key': 'sk_test_unit',
  'shutterlane/stripe-webhook-secret': SECRET,
  'shutterlane/stripe-connect-webhook-secret': CONNECT_SECRET,
  [UNIT_ORIGIN.secretId]: UNIT_ORIGIN.value,
};
const context = { awsRequestId: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const signer = new Stripe('sk_test_unit');

let handler: (e: HttpEvent, c: Context) => Promise<{ statusCode?: number; body?: string }>;

beforeAll(async () => {
  setUnitTestEnv({
    STRIPE_SECRET_KEY_SECRET_ID: 'shutterlane/stripe-secret-key',
    STRIPE_WEBHOOK_SECRET_ID: 'shutterlane/stripe-webhook-secret',
    STRIPE_CONNECT_WEBHOOK_SECRET_ID: 'shutterlane/stripe-connect-webhook-secret',
    ...UNIT_ORIGIN.env,
  });
  ({ handler } = await import('./index'));
});
beforeEach(() => {
  dynamo.reset();
  secretsManager.reset();
  for (const [id, value] of Object.entries(SECRET_VALUES))
    secretsManager.on(GetSecretValueCommand, { SecretId: id }).resolves({ SecretString: value });
});

function webhookEvent(payload: string, signature?: string, base64 = false): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /webhooks/stripe',
    rawPath: '/api/webhooks/stripe',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...UNIT_ORIGIN.headers,
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    requestContext: { requestId: 'r-1' },
    body: base64 ? Buffer.from(payload, 'utf8').toString('base64') : payload,
    isBase64Encoded: base64,
  } as unknown as HttpEvent;
}

const sign = (payload: string, secret = SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

describe('stripe webhook handler', () => {
  const payload = JSON.stringify(sample, null, 2);

  it('refuses a missing, foreign or tampered signature with 400 and no database call', async () => {
    const answers = await Promise.all([
      handler(webhookEvent(payload), context),
      handler(webhookEvent(payload, sign(payload, 'whsec_other')), context),
      handler(webhookEvent(payload.replace('1500', '15'), sign(payload)), context),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({ message: 'Missing Stripe-Signature header' });
    expect(JSON.parse(answers[1]?.body ?? '{}')).toEqual({ message: 'Invalid Stripe signature' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('acknowledges an unknown event type without any work, text or base64', async () => {
    const unknown = JSON.stringify({ ...sample, type: 'invoice.created' }, null, 2);
    for (const base64 of [false, true]) {
      const answer = await handler(webhookEvent(unknown, sign(unknown), base64), context);
      expect(answer.statusCode).toBe(200);
      expect(JSON.parse(answer.body ?? '{}')).toEqual({ received: true });
    }
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('platform and Connect secrets', () => {
  /** A connected account's update as a Connect endpoint sends it; no seller in its metadata, so no Stripe call. */
  const accountUpdated = (account: string | undefined) =>
    JSON.stringify(
      {
        ...sample,
        id: `evt_account_${account ?? 'platform'}`,
        type: 'account.updated',
        ...(account && { account }),
        data: { object: { id: account ?? 'acct_platform', object: 'account', metadata: {} } },
      },
      null,
      2,
    );
  const eventsTableWrites = () =>
    dynamo.calls().filter((call) => JSON.stringify(call.args[0].input).includes('"TableName":"events"'));

  it('processes a connected account’s update signed with the Connect secret (claimed and marked done)', async () => {
    const payload = accountUpdated('acct_1SellerAccount01');
    const answer = await handler(webhookEvent(payload, sign(payload, CONNECT_SECRET)), context);
    expect(answer.statusCode).toBe(200);
    expect(eventsTableWrites()).toHaveLength(2);
  });

  it('refuses a platform event signed with the Connect secret, touching nothing', async () => {
    const payload = JSON.stringify(sample, null, 2);
    const answer = await handler(webhookEvent(payload, sign(payload, CONNECT_SECRET)), context);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({ message: 'Invalid Stripe signature' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('refuses a connected account’s update signed with the platform secret', async () => {
    const payload = accountUpdated('acct_1SellerAccount01');
    expect((await handler(webhookEvent(payload, sign(payload)), context)).statusCode).toBe(400);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('acknowledges the platform account’s own update without work: only connected accounts matter', async () => {
    const payload = accountUpdated(undefined);
    const answer = await handler(webhookEvent(payload, sign(payload)), context);
    expect(answer.statusCode).toBe(200);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
