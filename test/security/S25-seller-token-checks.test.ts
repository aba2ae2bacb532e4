/**
 * S25: every seller route of the route table, called with no token, a malformed one, an expired one,
 * another user pool's, one for another audience (app client), and the seller's own access token where
 * the ID token is required, or the ID token with its claims edited: 401 each time. The seller's real ID token passes (the control).
 * Tokens are minted with jose; the expired and wrong-audience ones with the Cognito stand-in's own key,
 * so only the claim under test is wrong.
 */
import { createRequire } from 'node:module';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, pathParamNames, routes, type RouteName } from '#shared/contract/routes';
import { cognitoClient } from '@shutterlane/harness/accounts';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { srpSignIn } from '@shutterlane/harness/srp-sign-in';

let idToken: string;
let accessToken: string;

const env = useTestStack();
beforeAll(async () => {
  const tokens = await srpSignIn(
    cognitoClient(env.stack),
    env.stack.cognito,
    env.demo.seller.email,
    env.demo.seller.password,
  );
  idToken = tokens.IdToken;
  accessToken = tokens.AccessToken;
});

async function standInKey() {
  const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
    jwk: JWK;
  };
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid ?? 'CognitoLocal' };
}

const sign = (claims: JWTPayload, key: CryptoKey | Uint8Array, kid: string, exp: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(key);

/** The token with its payload's claims changed and its header and signature kept. */
function tampered(token: string, changes: JWTPayload): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as JWTPayload;
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
}

const sellerRoutes = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].caller === 'seller');
const SOME_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

async function callAs(name: RouteName, authorization: string | undefined) {
  const route = routes[name];
  const params = Object.fromEntries(pathParamNames(route.path).map((param) => [param, SOME_ID]));
  const response = await fetch(`${env.demo.apiUrl}${buildPath(route.path, params)}`, {
    method: route.method,
    redirect: 'manual',
    headers: {
      ...(authorization !== undefined && { authorization }),
      ...(route.method !== 'GET' && route.method !== 'DELETE' && { 'content-type': 'application/json' }),
    },
    ...(route.method !== 'GET' && route.method !== 'DELETE' && { body: '{}' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('S25 seller routes refuse tokens that are not the seller’s ID token', () => {
  it('answers 401 to each bad token on every seller route', async () => {
    expect(sellerRoutes.length).toBeGreaterThanOrEqual(15);
    const claims = decodeJwt(idToken);
    expect(claims.token_use).toBe('id');
    expect(decodeJwt(accessToken).token_use).toBe('access');
    const now = Math.floor(Date.now() / 1000);
    const { key, kid } = await standInKey();
    const foreign = await generateKeyPair('RS256');
    const tokens: Record<string, string | undefined> = {
      'no token': undefined,
      'an empty bearer': 'Bearer ',
      'a malformed token': 'Bearer not.a.jwt',
      'an expired ID token': `Bearer ${await sign({ ...claims }, key, kid, now - 60)}`,
      'another pool’s token': `Bearer ${await sign(
        { ...claims, iss: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_OtherPool1' },
        foreign.privateKey,
        kid,
        now + 3600,
      )}`,
      'our issuer signed with another key': `Bearer ${await sign({ ...claims }, foreign.privateKey, kid, now + 3600)}`,
      'a tampered ID token (claims edited, signature kept)': `Bearer ${tampered(idToken, { sub: 'someone-else' })}`,
      'a wrong audience': `Bearer ${await sign({ ...claims, aud: 'another-app-client' }, key, kid, now + 3600)}`,
      'an access token': `Bearer ${accessToken}`,
      'the ID token without Bearer': idToken,
    };
    // The control: the same claims, freshly signed with the pool's key, pass.
    expect(
      (await callAs('currentUser', `Bearer ${await sign({ ...claims }, key, kid, now + 600)}`)).status,
    ).toBe(200);
    expect((await callAs('currentUser', `Bearer ${idToken}`)).status).toBe(200);

    for (const name of sellerRoutes) {
      for (const [kind, authorization] of Object.entries(tokens)) {
        const answer = await callAs(name, authorization);
        expect({ name, kind, status: answer.status }).toEqual({ name, kind, status: 401 });
        expect(answer.body.message, `${name} ${kind}`).toEqual(expect.any(String));
      }
    }
  });
});
