/**
 * The local gateway's JWT authorizer refuses what API Gateway's would: a token of another user pool,
 * an expired token and a tampered one. Tokens are minted with jose; the "expired" one is signed with
 * the stand-in's own key so only its expiry is wrong.
 */
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT, decodeJwt, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/local-stack';
import { idToken } from '../support/accounts';

let env: TestStack;
let realToken: string;

beforeAll(async () => {
  env = await startTestStack();
  realToken = await idToken(env.stack, env.demo.seller.email, env.demo.seller.password);
});
afterAll(async () => {
  await env?.stop();
});

const currentUser = (token: string) =>
  fetch(`${env.demo.apiUrl}/users`, { headers: { authorization: `Bearer ${token}` } });

const standInKey = async () => {
  const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
    jwk: JWK;
  };
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid ?? 'CognitoLocal' };
};

async function sign(claims: Record<string, unknown>, key: CryptoKey | Uint8Array, kid: string, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(key);
}

describe('gateway JWT authorizer', () => {
  it('lets a real ID token through', async () => {
    expect((await currentUser(realToken)).status).toBe(200);
  });

  it('refuses a token of another user pool', async () => {
    const claims = decodeJwt(realToken);
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const foreign = await sign(
      { ...claims, iss: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_otherpool' },
      privateKey,
      'CognitoLocal',
      now + 3600,
    );
    expect((await currentUser(foreign)).status).toBe(401);
    // Same issuer and claims, signed by someone else's key.
    const forged = await sign({ ...claims }, privateKey, 'CognitoLocal', now + 3600);
    expect((await currentUser(forged)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { key, kid } = await standInKey();
    const claims = decodeJwt(realToken);
    const valid = await sign({ ...claims }, key, kid, Math.floor(Date.now() / 1000) + 600);
    expect((await currentUser(valid)).status).toBe(200);
    const expired = await sign({ ...claims }, key, kid, Math.floor(Date.now() / 1000) - 60);
    expect((await currentUser(expired)).status).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = realToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await currentUser(`${header}.${altered}.${signature}`)).status).toBe(401);
  });
});
