import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from './lambda-credentials';

describe('the Lambda bundles’ credential provider', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('gives the role session Lambda puts in the environment', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '2026-11-23T20:00:00Z');
    await expect(defaultProvider()()).resolves.toEqual({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
      expiration: new Date('2026-11-23T20:00:00Z'),
      credentialScope: undefined,
      $source: { CREDENTIALS_ENV_VARS: 'g' },
    });
  });

  it('reads the environment at each call, without a session token when there is none', async () => {
    const provide = defaultProvider();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    vi.stubEnv('AWS_CREDENTIAL_EXPIRATION', '');
    await expect(provide()).resolves.toMatchObject({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' });
    expect((await provide()).sessionToken).toBeFalsy();
  });

  it('refuses when the environment has no credentials', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toThrow('Unable to find environment variable credentials');
  });
});
