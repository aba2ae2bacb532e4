/**
 * The hosted sign-in (Cognito's OAuth 2.0 endpoints) over HTTPS, driven the way a browser and the
 * SPA do: authorize, the sign-in page, the code exchange with PKCE, refresh, revocation, userInfo,
 * logout. Requests go through node:https trusting exactly the stand-in's certificate, and never
 * follow redirects, so every Location can be checked.
 */
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type RequestOptions } from 'node:https';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCognito, type CognitoStandIn } from '@shutterlane/aws-standins/cognito/cognito';

const password = 'Correct-horse-9';
const callback = 'http://localhost:5173/auth-callback';
let dataDir: string;
let cognito: CognitoStandIn;
let sdk: CognitoIdentityProviderClient;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-oauth-'));
  cognito = await startCognito({ port: 0, dataDir, onCode: () => undefined });
  sdk = new CognitoIdentityProviderClient({
    endpoint: cognito.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await cognito.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The certificate the server presented. */
  peer: DetailedPeerCertificate;
}

/** One HTTPS request to the hosted sign-in, trusting only its certificate; redirects not followed. */
function https(pathAndQuery: string, options: RequestOptions & { body?: string } = {}): Promise<Reply> {
  const { body, ...rest } = options;
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(pathAndQuery, cognito.oauthUrl),
      { ca: cognito.certificatePem, ...rest },
      (res) => {
        const peer = (res.socket as TLSSocket).getPeerCertificate(true);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, peer }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A browser's cookie jar, enough for one host. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async go(pathAndQuery: string, options: RequestOptions & { body?: string } = {}): Promise<Reply> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const reply = await https(pathAndQuery, {
      ...options,
      headers: { ...options.headers, ...(cookie && { cookie }) },
    });
    for (const line of ([] as string[]).concat(reply.headers['set-cookie'] ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return reply;
  }

  has(name: string) {
    return this.cookies.has(name);
  }
}

const pkce = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorizeQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: cognito.clientId,
    redirect_uri: callback,
    scope: 'openid email aws.cognito.signin.user.admin',
    state: 'state-123',
    ...overrides,
  }).toString();

const location = (reply: Reply) => new URL(String(reply.headers.location), cognito.oauthUrl);
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function confirmedUser(): Promise<string> {
  const email = `hosted-${randomBytes(6).toString('hex')}@example.com`;
  await sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password }));
  const code = cognito.lastCode(email);
  await sdk.send(
    new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code }),
  );
  return email;
}

/** Authorize, then the sign-in page: the reply to the posted form. */
async function signInOnPage(browser: Browser, username: string, secret: string, query = authorizeQuery()) {
  const authorize = await browser.go(`/oauth2/authorize?${query}`);
  expect(authorize.status).toBe(302);
  const loginPath = location(authorize);
  expect(loginPath.pathname).toBe('/login');
  const page = await browser.go(`${loginPath.pathname}${loginPath.search}`);
  expect(page.status).toBe(200);
  return browser.go(`${loginPath.pathname}${loginPath.search}`, {
    method: 'POST',
    headers: FORM,
    body: form({ _csrf: csrfOf(page.body), username, password: secret }),
  });
}

const exchange = (code: string, verifier: string, overrides: Record<string, string> = {}) =>
  https('/oauth2/token', {
    method: 'POST',
    headers: FORM,
    body: form({
      grant_type: 'authorization_code',
      client_id: cognito.clientId,
      code,
      redirect_uri: callback,
      code_verifier: verifier,
      ...overrides,
    }),
  });

/** The sign-in page passed: the redirect back with a code, not yet exchanged. */
async function codeFromPage(browser = new Browser()) {
  const email = await confirmedUser();
  const { verifier, challenge } = pkce();
  const query = authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' });
  const posted = await signInOnPage(browser, email, password, query);
  expect(posted.status).toBe(302);
  const back = location(posted);
  return { email, back, code: back.searchParams.get('code') ?? '', verifier, browser };
}

/** A full sign-in: the code's redirect, and the tokens it is exchanged for. */
async function hostedSignIn(browser = new Browser()) {
  const signedIn = await codeFromPage(browser);
  const reply = await exchange(signedIn.code, signedIn.verifier);
  expect(reply.status).toBe(200);
  const tokens = JSON.parse(reply.body) as Record<string, string | number>;
  return { ...signedIn, tokens };
}

describe('hosted sign-in over HTTPS', () => {
  it('serves a self-signed certificate for localhost and 127.0.0.1 whose SPKI hash it publishes', async () => {
    expect(cognito.oauthUrl).toMatch(/^https:\/\/localhost:\d+$/);
    expect(cognito.oauthDomain).toBe(new URL(cognito.oauthUrl).host);
    const reply = await https('/login');
    const { peer } = reply;
    expect(peer.subjectaltname).toBe('DNS:localhost, IP Address:127.0.0.1');
    const spki = new X509Certificate(peer.raw).publicKey.export({ type: 'spki', format: 'der' });
    expect(createHash('sha256').update(spki).digest('base64')).toBe(cognito.spkiSha256);
    await expect(https('/login', { ca: undefined })).rejects.toThrow(/self-signed certificate/);
  });

  it('signs in on the page and exchanges the code (PKCE) for tokens like the JSON API issues', async () => {
    const { back, tokens } = await hostedSignIn();
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(Object.keys(tokens).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'token_type',
    ]);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const { payload: id } = await jwtVerify(String(tokens.id_token), jwks, {
      issuer: cognito.issuer,
      audience: cognito.clientId,
    });
    expect(id).toMatchObject({ token_use: 'id', email_verified: true });
    expect(id['cognito:username']).toBe(id.sub);
    const { payload: access } = await jwtVerify(String(tokens.access_token), jwks, {
      issuer: cognito.issuer,
    });
    expect(access).toMatchObject({ token_use: 'access', client_id: cognito.clientId, version: 2 });
    expect(String(access.scope).split(' ').sort()).toEqual([
      'aws.cognito.signin.user.admin',
      'email',
      'openid',
    ]);
    expect(typeof access.auth_time).toBe('number');
    // The access token works on the user's own API operations, as its scope allows.
    const user = await sdk.send(new GetUserCommand({ AccessToken: String(tokens.access_token) }));
    expect(user.Username).toBe(id.sub);
  });

  it('takes a code once, and only with its verifier and redirect URI', async () => {
    const invalidGrant = { status: 400, body: '{"error":"invalid_grant"}' };
    const { code, verifier } = await hostedSignIn();
    await expect(exchange(code, verifier)).resolves.toMatchObject(invalidGrant);

    const withoutVerifier = await codeFromPage();
    await expect(exchange(withoutVerifier.code, '')).resolves.toMatchObject(invalidGrant);
    const wrongVerifier = await codeFromPage();
    await expect(exchange(wrongVerifier.code, pkce().verifier)).resolves.toMatchObject(invalidGrant);
    const wrongRedirect = await codeFromPage();
    await expect(
      exchange(wrongRedirect.code, wrongRedirect.verifier, {
        redirect_uri: 'http://localhost:5173/callback',
      }),
    ).resolves.toMatchObject(invalidGrant);
    const otherClient = await codeFromPage();
    await expect(
      exchange(otherClient.code, otherClient.verifier, { client_id: 'nosuchclient0000000000000' }),
    ).resolves.toMatchObject({ status: 400, body: '{"error":"invalid_client"}' });
  });

  it('lets an authorization code expire after 5 minutes', async () => {
    const email = await confirmedUser();
    const { verifier, challenge } = pkce();
    const query = authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const posted = await signInOnPage(new Browser(), email, password, query);
    const code = location(posted).searchParams.get('code') ?? '';
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    await expect(exchange(code, verifier)).resolves.toMatchObject({
      status: 400,
      body: '{"error":"invalid_grant"}',
    });
  });

  it('refreshes with the refresh_token grant (no new refresh token) and revokes through /oauth2/revoke', async () => {
    const { tokens } = await hostedSignIn();
    const refresh = () =>
      https('/oauth2/token', {
        method: 'POST',
        headers: FORM,
        body: form({
          grant_type: 'refresh_token',
          client_id: cognito.clientId,
          refresh_token: String(tokens.refresh_token),
        }),
      });
    const refreshed = await refresh();
    expect(refreshed.status).toBe(200);
    const body = JSON.parse(refreshed.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'token_type']);
    expect(decodeJwt(String(body.access_token)).scope).toBe(decodeJwt(String(tokens.access_token)).scope);
    // Amplify refreshes through the JSON API: the same refresh token works there.
    const viaApi = await sdk.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: cognito.clientId,
        RefreshToken: String(tokens.refresh_token),
      }),
    );
    expect(viaApi.AuthenticationResult?.AccessToken).toBeTruthy();

    const revoked = await https('/oauth2/revoke', {
      method: 'POST',
      headers: FORM,
      body: form({ token: String(tokens.refresh_token), client_id: cognito.clientId }),
    });
    expect(revoked.status).toBe(200);
    await expect(refresh()).resolves.toMatchObject({ status: 400, body: '{"error":"invalid_grant"}' });
    await expect(
      sdk.send(new GetUserCommand({ AccessToken: String(tokens.access_token) })),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('answers the token endpoint with OAuth errors', async () => {
    const post = (fields: Record<string, string>, headers: Record<string, string> = FORM) =>
      https('/oauth2/token', { method: 'POST', headers, body: form(fields) });
    await expect(post({ grant_type: 'password', client_id: cognito.clientId })).resolves.toMatchObject({
      status: 400,
      body: '{"error":"unsupported_grant_type"}',
    });
    await expect(
      post({ grant_type: 'authorization_code', client_id: 'nosuchclient' }),
    ).resolves.toMatchObject({
      status: 400,
      body: '{"error":"invalid_client"}',
    });
    await expect(post({ grant_type: 'refresh_token', client_id: cognito.clientId })).resolves.toMatchObject({
      status: 400,
      body: '{"error":"invalid_request"}',
    });
    await expect(
      post({ grant_type: 'refresh_token' }, { 'content-type': 'application/json' }),
    ).resolves.toMatchObject({ status: 400, body: '{"error":"invalid_request"}' });
  });

  it('answers the SPA’s CORS preflight for the token endpoint', async () => {
    const preflight = await https('/oauth2/token', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-amz-user-agent');
  });

  it('answers userInfo for an access token with the openid scope', async () => {
    const { email, tokens } = await hostedSignIn();
    const info = await https('/oauth2/userInfo', {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ email, email_verified: 'true' });
    const refused = await https('/oauth2/userInfo', { headers: { authorization: 'Bearer forged' } });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'invalid_token' });
  });
});

describe('the sign-in page', () => {
  it('is plain, accessible HTML: a label for every field and a button', async () => {
    const page = await new Browser().go(`/login?${authorizeQuery()}`);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const id of ['signInFormUsername', 'signInFormPassword']) {
      expect(page.body).toContain(`<label for="${id}">`);
      expect(page.body).toContain(`id="${id}"`);
    }
    expect(page.body).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
    expect(page.body).toContain('<html lang="en">');
  });

  it('re-shows itself with Cognito’s messages for a wrong password and an unconfirmed user', async () => {
    const email = await confirmedUser();
    const wrong = await signInOnPage(new Browser(), email, 'Wrong-horse-9');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('<p class="error" role="alert">Incorrect username or password.</p>');
    expect(wrong.body).toContain(`value="${email}"`);
    const unknown = await signInOnPage(
      new Browser(),
      `nobody-${randomBytes(4).toString('hex')}@example.com`,
      password,
    );
    expect(unknown.body).toContain('Incorrect username or password.');

    const unconfirmed = `pending-${randomBytes(6).toString('hex')}@example.com`;
    await sdk.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: unconfirmed, Password: password }),
    );
    const refused = await signInOnPage(new Browser(), unconfirmed, password);
    expect(refused.body).toContain('User is not confirmed.');
  });

  it('refuses a form without the CSRF token of its cookie', async () => {
    const browser = new Browser();
    const email = await confirmedUser();
    const query = authorizeQuery();
    await browser.go(`/login?${query}`);
    const posted = await browser.go(`/login?${query}`, {
      method: 'POST',
      headers: FORM,
      body: form({ _csrf: 'guessed', username: email, password }),
    });
    expect(posted.status).toBe(403);
    expect(posted.headers.location).toBeUndefined();
  });

  it('asks a user with a temporary password for a new one, then signs them in', async () => {
    const email = `invited-${randomBytes(6).toString('hex')}@example.com`;
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        TemporaryPassword: 'Temporary-pass-1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const browser = new Browser();
    const query = authorizeQuery();
    const challenge = await signInOnPage(browser, email, 'Temporary-pass-1', query);
    expect(challenge.body).toContain('<h1>Change Password</h1>');
    const session = /name="session" value="([^"]+)"/.exec(challenge.body)?.[1] ?? '';
    const answer = (page: Reply, first: string, second: string) =>
      browser.go(`/forceChangePassword?${query}`, {
        method: 'POST',
        headers: FORM,
        body: form({ _csrf: csrfOf(page.body), session, new_password: first, confirm_password: second }),
      });
    const mismatch = await answer(challenge, 'Chosen-password-2', 'Chosen-password-3');
    expect(mismatch.body).toContain('Passwords do not match.');
    const short = await answer(mismatch, 'short', 'short');
    expect(short.body).toContain('Password does not conform to policy: Password not long enough');
    const done = await answer(short, 'Chosen-password-2', 'Chosen-password-2');
    expect(done.status).toBe(302);
    expect(location(done).searchParams.get('code')).toBeTruthy();
    const { AuthenticationResult } = await sdk.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'Chosen-password-2' },
      }),
    );
    expect(AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('authorize and logout', () => {
  it('shows an error page, never a redirect, for an unknown client or an unlisted redirect URI', async () => {
    for (const query of [
      authorizeQuery({ client_id: 'nosuchclient0000000000000' }),
      authorizeQuery({ redirect_uri: 'https://evil.example/callback' }),
      authorizeQuery({ redirect_uri: `${callback}/` }),
    ]) {
      const reply = await https(`/oauth2/authorize?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.body).toContain('An error was encountered with the requested page.');
    }
  });

  it('sends other faults back to the redirect URI with error, error_description and state', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ scope: 'openid profile' }, 'invalid_scope'],
      [{ scope: 'email' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unauthorized_client'],
      [{ response_type: 'id_token' }, 'unsupported_response_type'],
      [{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ identity_provider: 'Google' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const reply = await https(`/oauth2/authorize?${authorizeQuery(overrides)}`);
      expect(reply.status).toBe(302);
      const target = location(reply);
      expect(`${target.origin}${target.pathname}`).toBe(callback);
      expect(target.searchParams.get('error')).toBe(error);
      expect(target.searchParams.get('error_description')).toBeTruthy();
      expect(target.searchParams.get('state')).toBe('state-123');
    }
  });

  it('skips the page while the hosted session lasts, and asks again after /logout', async () => {
    const { browser } = await hostedSignIn();
    expect(browser.has('cognito')).toBe(true);
    const again = await browser.go(`/oauth2/authorize?${authorizeQuery()}`);
    expect(again.status).toBe(302);
    expect(location(again).searchParams.get('code')).toBeTruthy();
    const forced = await browser.go(`/oauth2/authorize?${authorizeQuery({ prompt: 'login' })}`);
    expect(location(forced).pathname).toBe('/login');

    const logout = await browser.go(
      `/logout?${new URLSearchParams({ client_id: cognito.clientId, logout_uri: 'http://localhost:5173/signout' })}`,
    );
    expect(logout.status).toBe(302);
    expect(logout.headers.location).toBe('http://localhost:5173/signout');
    expect(browser.has('cognito')).toBe(false);
    const afterLogout = await browser.go(`/oauth2/authorize?${authorizeQuery()}`);
    expect(location(afterLogout).pathname).toBe('/login');
    const silent = await browser.go(`/oauth2/authorize?${authorizeQuery({ prompt: 'none' })}`);
    expect(location(silent).searchParams.get('error')).toBe('login_required');
  });

  it('refuses to log out to an unlisted address', async () => {
    const reply = await https(
      `/logout?${new URLSearchParams({ client_id: cognito.clientId, logout_uri: 'https://evil.example/' })}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
  });
});
