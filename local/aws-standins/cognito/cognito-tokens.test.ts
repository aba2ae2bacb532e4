import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { API_SCOPE, TokenIssuer, grantOf, tokenValidity, type RefreshClaims } from './cognito-tokens';

const now = new Date('2026-03-01T12:00:00Z');
const issuer = new TokenIssuer({ get: () => now }, 'http://localhost:9229');

const client = (overrides: Partial<AppClient> = {}): AppClient => ({
  UserPoolId: 'eu-west-2_shutterlane',
  ClientId: 'shutterlanelocalwebclient1',
  ClientName: 'web',
  CreationDate: now,
  LastModifiedDate: now,
  ...overrides,
});

const user: User = {
  Username: '0b5f1a2c-sub',
  Attributes: [
    { Name: 'sub', Value: '0b5f1a2c-sub' },
    { Name: 'email', Value: 'ann@example.com' },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: 'Ann' },
  ],
  Enabled: true,
  UserStatus: 'CONFIRMED',
  Password: 'x',
  RefreshTokens: [],
  UserCreateDate: now,
  UserLastModifiedDate: now,
};

describe('token lifetimes', () => {
  it('follows the client’s validities and units, with Cognito’s defaults', () => {
    expect(tokenValidity(client(), 'access')).toBe(3600);
    expect(tokenValidity(client(), 'refresh')).toBe(30 * 86_400);
    const custom = client({
      AccessTokenValidity: 5,
      IdTokenValidity: 2,
      RefreshTokenValidity: 12,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'hours', RefreshToken: 'hours' },
    });
    expect([
      tokenValidity(custom, 'access'),
      tokenValidity(custom, 'id'),
      tokenValidity(custom, 'refresh'),
    ]).toEqual([300, 7200, 43_200]);
  });
});

describe('TokenIssuer', () => {
  it('issues JSON-API tokens with Cognito’s claims, signed with the kid the JWKS serves', async () => {
    const tokens = await issuer.issue(user, ['sellers'], client(), issuer.newGrant(API_SCOPE, false));
    expect(decodeProtectedHeader(tokens.AccessToken)).toEqual({ alg: 'RS256', kid: 'CognitoLocal' });
    const access = decodeJwt(tokens.AccessToken);
    expect(access).toMatchObject({
      iss: 'http://localhost:9229/eu-west-2_shutterlane',
      sub: '0b5f1a2c-sub',
      client_id: 'shutterlanelocalwebclient1',
      token_use: 'access',
      scope: API_SCOPE,
      username: '0b5f1a2c-sub',
      auth_time: now.getTime() / 1000,
      'cognito:groups': ['sellers'],
    });
    expect(access.exp).toBe(now.getTime() / 1000 + 3600);
    expect(access).toHaveProperty('event_id');
    expect(access).not.toHaveProperty('version');
    const id = decodeJwt(tokens.IdToken ?? '');
    expect(id).toMatchObject({
      aud: 'shutterlanelocalwebclient1',
      'cognito:username': '0b5f1a2c-sub',
      email: 'ann@example.com',
      email_verified: true,
      name: 'Ann',
      token_use: 'id',
      origin_jti: access.origin_jti,
    });
    expect(tokens.ExpiresIn).toBe(3600);
  });

  it('issues hosted sign-in tokens with the granted scopes, version 2 and at_hash; no ID token without openid', async () => {
    const withOpenId = await issuer.issue(
      user,
      [],
      client(),
      issuer.newGrant('openid email', true, 'nonce-1'),
    );
    const access = decodeJwt(withOpenId.AccessToken);
    expect(access).toMatchObject({ scope: 'openid email', version: 2 });
    expect(access).not.toHaveProperty('event_id');
    const id = decodeJwt(withOpenId.IdToken ?? '');
    const hash = createHash('sha256')
      .update(withOpenId.AccessToken)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(id).toMatchObject({ at_hash: hash, nonce: 'nonce-1' });
    const withoutOpenId = await issuer.issue(user, [], client(), issuer.newGrant(API_SCOPE, true));
    expect(withoutOpenId.IdToken).toBeUndefined();
  });

  it('carries the sign-in in the refresh token, so a refresh keeps its scopes and auth_time', async () => {
    const grant = { ...issuer.newGrant('openid email', true), authTime: 1_700_000_000 };
    const { RefreshToken } = await issuer.issue(user, [], client(), grant);
    const claims = (await issuer.verify(RefreshToken)) as RefreshClaims;
    expect(grantOf(claims)).toEqual(grant);
    const refreshed = await issuer.refreshed(user, [], client(), grantOf(claims));
    expect(decodeJwt(refreshed.AccessToken)).toMatchObject({
      auth_time: 1_700_000_000,
      origin_jti: grant.originJti,
    });
  });

  it('refuses tokens that are not its own', async () => {
    const foreign = new TokenIssuer({ get: () => now }, 'http://localhost:1');
    const { AccessToken } = await foreign.issue(user, [], client(), foreign.newGrant(API_SCOPE, false));
    await expect(issuer.verify(AccessToken)).rejects.toThrow('issued elsewhere');
    await expect(issuer.verify(`${AccessToken.slice(0, -4)}AAAA`)).rejects.toThrow();
  });
});
