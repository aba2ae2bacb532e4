/** Unit test of complete-checkout with SDKs and siteverify mocked: a failed email still completes the order. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverErrors } from '#shared/errors';
import type * as ServiceModule from './service';
import { setUnitTestEnv } from '../lib/testing/unit-env';

const ses = mockClient(SESv2Client);
const dynamo = mockClient(DynamoDBDocumentClient);
// The captcha secret as Secrets Manager holds it, under the id the function's environment names.
mockClient(SecretsManagerClient)
  .on(GetSecretValueCommand, { SecretId: 'shutterlane/captcha-secret' })
  .resolves({ SecretString: 'secret' });
let service: typeof ServiceModule;

const order = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['p1'],
  currency: 'GBP',
  totalMinor: 0,
  orderType: 'FREE_ORDER',
  status: 'PENDING',
  customerEmail: 'customer@example.com',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  freeCheckoutSessionId: 'fcs_session',
  freeCheckoutExpiresAt: new Date(Date.now() + 600_000).toISOString(),
};

beforeAll(async () => {
  setUnitTestEnv({
    APP_URL: 'https://shutterlane.example',
    CAPTCHA_SECRET_ID: 'shutterlane/captcha-secret',
    CAPTCHA_HOSTNAMES: 'shutterlane.example',
  });
  service = await import('./service');
});
beforeEach(() => {
  ses.reset();
  dynamo.reset();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(
      JSON.stringify({
        success: true,
        score: 0.9,
        action: 'complete_checkout',
        hostname: 'shutterlane.example',
      }),
    ),
  );
  dynamo.on(GetCommand).resolves({ Item: order });
  dynamo.on(UpdateCommand).resolves({});
});
afterEach(() => vi.restoreAllMocks());

describe('completeCheckout', () => {
  it('completes the order with emailSent false and emailError set when SES refuses the email', async () => {
    ses.on(SendEmailCommand).rejects(new Error('SES is down'));
    const result = await service.completeCheckout({
      orderId: order.orderId,
      sessionId: 'fcs_session',
      captchaToken: 'token',
    });
    expect(result).toEqual({
      status: 'FULFILLED',
      emailSent: false,
      emailError: serverErrors.confirmationEmailFailed,
    });
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    // The photos are held for the download period before the order says it is fulfilled.
    const holdAt = updates.findIndex((update) => update.UpdateExpression === 'SET heldUntil = :until');
    const fulfilAt = updates.findIndex((update) => update.UpdateExpression?.includes('#status = :fulfilled'));
    expect(holdAt).toBeGreaterThanOrEqual(0);
    expect(fulfilAt).toBeGreaterThan(holdAt);
    const fulfil = updates[fulfilAt];
    expect(fulfil?.ConditionExpression).toContain('freeCheckoutSessionId = :sid');
  });

  it('sends the email once it has fulfilled the order', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
    const result = await service.completeCheckout({
      orderId: order.orderId,
      sessionId: 'fcs_session',
      captchaToken: 'token',
    });
    expect(result).toEqual({ status: 'FULFILLED', emailSent: true });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});
