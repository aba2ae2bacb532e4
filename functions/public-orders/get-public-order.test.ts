/** Unit test of the handler with the SDK and siteverify mocked: mapping, parsing and errors only. */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fixture from '../../events/api-gateway/public-order.json';
import { postForm } from '../lib/captcha-siteverify';
import type { HttpEvent } from '../lib/http';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { UNIT_ORIGIN } from '../lib/testing/unit-origin';
import { forgetSellerBrands } from '../domains/sellers/seller-brand';

const dynamo = mockClient(DynamoDBDocumentClient);
// The captcha secret as Secrets Manager holds it, under the id the function's environment names.
mockClient(SecretsManagerClient)
  .on(GetSecretValueCommand, { SecretId: 'shutterlane/captcha-secret' })
  .resolves({ SecretString: 'secret' })
  .on(GetSecretValueCommand, { SecretId: UNIT_ORIGIN.secretId })
  .resolves({ SecretString: UNIT_ORIGIN.value });
const context = { awsRequestId: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const event = (overrides: Partial<HttpEvent> = {}) =>
  ({
    ...fixture,
    headers: { ...fixture.headers, ...UNIT_ORIGIN.headers },
    ...overrides,
  }) as unknown as HttpEvent;

vi.mock('../lib/captcha-siteverify', () => ({ postForm: vi.fn() }));
const siteverify = (answer: Record<string, unknown>) => vi.mocked(postForm).mockResolvedValue(answer);

const freeOrder = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['photo-1', 'photo-2'],
  currency: 'GBP',
  totalMinor: 0,
  orderType: 'FREE_ORDER',
  status: 'PENDING',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
};

let handler: (e: HttpEvent, c: Context) => Promise<{ statusCode?: number; body?: string }>;

beforeAll(async () => {
  setUnitTestEnv({
    ORIGINALS_BUCKET: 'originals',
    DERIVED_BUCKET: 'derived',
    CAPTCHA_SECRET_ID: 'shutterlane/captcha-secret',
    CAPTCHA_HOSTNAMES: 'shutterlane.com',
    ...UNIT_ORIGIN.env,
  });
  ({ handler } = await import('./index'));
});
beforeEach(() => {
  dynamo.reset();
  // Each test's seller is read afresh (a warm function keeps a brand for a minute: seller-brand.test.ts).
  forgetSellerBrands();
});
afterEach(() => vi.restoreAllMocks());

const good = { success: true, score: 0.9, action: 'public_order_check', hostname: 'shutterlane.com' };

describe('public order handler', () => {
  it('answers a free order with COLLECT_EMAIL and signed thumbnail URLs', async () => {
    siteverify(good);
    dynamo.on(GetCommand).resolves({});
    dynamo
      .on(GetCommand, { TableName: 'orders', Key: { orderId: freeOrder.orderId } })
      .resolves({ Item: freeOrder });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body!);
    expect(body).toMatchObject({ status: 'PENDING', nextStep: 'COLLECT_EMAIL', total: 0, currency: 'GBP' });
    expect(body.photos.map((p: { photoId: string }) => p.photoId)).toEqual(['photo-1', 'photo-2']);
    expect(body.photos[0].thumbnailUrl).toContain('X-Amz-Signature=');
    expect(body.photos[0].thumbnailUrl).toContain('thumbnails/gallery-1/photo-1.jpg');
    expect(result.body).not.toContain('seller-1');
  });

  it("shows the seller's business name and logo when set, and nothing of the seller otherwise", async () => {
    siteverify(good);
    dynamo.on(GetCommand, { TableName: 'orders' }).resolves({ Item: freeOrder });
    const seller = {
      userId: 'seller-1',
      email: 's@example.com',
      name: 'Sam Seller',
      createdAt: '2026-01-01',
    };
    dynamo.on(GetCommand, { TableName: 'users', Key: { userId: 'seller-1' } }).resolves({
      Item: {
        ...seller,
        businessName: 'Harbour Photos',
        logo: { logoId: 'logo_0000000000001', width: 400, height: 200 },
      },
    });
    const branded = JSON.parse((await handler(event(), context)).body!);
    expect(branded.seller).toEqual({
      businessName: 'Harbour Photos',
      logoUrl: '/api/logos/logo_0000000000001',
    });
    dynamo.on(GetCommand, { TableName: 'users', Key: { userId: 'seller-1' } }).resolves({ Item: seller });
    forgetSellerBrands();
    const plain = await handler(event(), context);
    expect(JSON.parse(plain.body!)).not.toHaveProperty('seller');
    expect(plain.body).not.toContain('Sam Seller');
  });

  it('sends the secret, token and client address to siteverify', async () => {
    const spy = siteverify(good);
    dynamo.on(GetCommand).resolves({ Item: freeOrder });
    await handler(event(), context);
    const form = spy.mock.calls[0]![1] as URLSearchParams;
    expect(Object.fromEntries(form)).toEqual({
      secret: 'secret',
      response: 'token-from-grecaptcha',
      remoteip: '203.0.113.7',
    });
  });

  it('answers 403 with a captcha message and never reads the order when the check fails', async () => {
    siteverify({ ...good, score: 0.1 });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body!).message).toContain('captcha');
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 404 for an unknown order and 400 for a body without a token', async () => {
    siteverify(good);
    dynamo.on(GetCommand).resolves({});
    expect((await handler(event(), context)).statusCode).toBe(404);
    const missing = await handler(event({ body: '{}' }), context);
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body!).message).toMatch(/captcha/i);
  });

  it('answers 503, not a crash, when siteverify is unreachable', async () => {
    vi.mocked(postForm).mockRejectedValue(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    );
    expect((await handler(event(), context)).statusCode).toBe(503);
  });
});
