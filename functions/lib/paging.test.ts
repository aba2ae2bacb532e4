import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { INVALID_PAGE_TOKEN, openPageToken, sealPageToken } from './paging';

// The paging secret as Secrets Manager holds it, under the id the function's environment names.
mockClient(SecretsManagerClient)
  .on(GetSecretValueCommand, { SecretId: 'unit/paging' })
  .resolves({ SecretString: 'unit-test-paging-secret-0123456789' });

beforeAll(() => {
  process.env.PAGING_TOKEN_SECRET_ID = 'unit/paging';
});

describe('paging tokens', () => {
  const key = { userId: 'seller-a', galleryId: '0abc' };

  it('round-trips a key without showing it', async () => {
    const token = (await sealPageToken(key, 'galleries:seller-a'))!;
    expect(token).not.toContain('seller-a');
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('galleryId');
    expect(await openPageToken(token, 'galleries:seller-a')).toEqual(key);
  });

  it('has no token when there is no next page', async () => {
    expect(await sealPageToken(undefined, 'x')).toBeUndefined();
    expect(await openPageToken(undefined, 'x')).toBeUndefined();
  });

  it('refuses another scope, tampering, garbage and old tokens with a 400', async () => {
    const token = (await sealPageToken(key, 'galleries:seller-a', 0))!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    for (const [bad, scope, now] of [
      [token, 'galleries:seller-b', 1],
      [tampered, 'galleries:seller-a', 1],
      ['not-a-token', 'galleries:seller-a', 1],
      [token, 'galleries:seller-a', 25 * 60 * 60 * 1000],
    ] as const) {
      const caught: unknown = await openPageToken(bad, scope, now).catch((error: unknown) => error);
      expect(caught).toBeInstanceOf(HttpError);
      expect((caught as HttpError).statusCode).toBe(400);
      expect((caught as HttpError).message).toBe(INVALID_PAGE_TOKEN);
    }
  });
});
