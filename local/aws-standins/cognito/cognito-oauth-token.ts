/**
 * The hosted sign-in's token, revocation and userInfo endpoints, as Cognito answers them:
 *
 * - `POST /oauth2/token` (form body): `authorization_code` (the code once, within 5 minutes, for the
 *   client and redirect URI it was issued to, with the PKCE verifier of its challenge) and
 *   `refresh_token`; `{ id_token, access_token, refresh_token, expires_in, token_type }`, no refresh
 *   token on a refresh. Errors are 400 `{"error":"invalid_grant"}` and the like.
 * - `POST /oauth2/revoke` (form body `token`, `client_id`): the refresh token and its tokens.
 * - `GET|POST /oauth2/userInfo` (Bearer access token with the openid scope): the user's attributes.
 */
import { createHash } from 'node:crypto';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { ExpiringMap } from './cognito-expiring';
import type { CognitoCore } from './cognito-sign-in';
import type { Grant } from './cognito-tokens';
import { refreshTokens, revokeRefreshToken, verifiedAccessToken } from './cognito-token-use';

/** A code the authorize step issued, and what it stands for. */
export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  username: string;
  grant: Grant;
}

/** Cognito's authorization codes are valid for 5 minutes. */
export const CODE_LIFETIME_MS = 5 * 60_000;

export interface OAuthAnswer {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

const oauthError = (error: string, status = 400): OAuthAnswer => ({ status, body: { error } });

/** RFC 7636: the verifier is 43 to 128 unreserved characters, its S256 challenge base64url(SHA-256). */
function pkceHolds(verifier: string | null, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** The client from `client_id` (or HTTP Basic), checking its secret if it has one. */
async function authenticatedClient(
  core: CognitoCore,
  ctx: Context,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<AppClient | undefined> {
  const basic = authorization?.startsWith('Basic ')
    ? Buffer.from(authorization.slice(6), 'base64').toString().split(':')
    : undefined;
  const clientId = basic?.[0] ?? form.get('client_id');
  const client = clientId ? await core.services.cognito.getAppClient(ctx, clientId) : null;
  if (!client) return undefined;
  const secret = basic?.[1] ?? form.get('client_secret');
  return client.ClientSecret && client.ClientSecret !== secret ? undefined : client;
}

async function codeGrant(
  core: CognitoCore,
  ctx: Context,
  codes: ExpiringMap<AuthorizationCode>,
  client: AppClient,
  form: URLSearchParams,
): Promise<OAuthAnswer> {
  const code = form.get('code');
  const redirectUri = form.get('redirect_uri');
  if (!code || !redirectUri) return oauthError('invalid_request');
  if (!client.AllowedOAuthFlows?.includes('code')) return oauthError('unauthorized_client');
  const lookup = codes.take(code);
  if (!lookup.found) return oauthError('invalid_grant');
  const issued = lookup.value;
  if (issued.clientId !== client.ClientId || issued.redirectUri !== redirectUri)
    return oauthError('invalid_grant');
  if (issued.codeChallenge && !pkceHolds(form.get('code_verifier'), issued.codeChallenge))
    return oauthError('invalid_grant');
  const pool = await core.services.cognito.getUserPool(ctx, client.UserPoolId);
  const user = await pool.getUserByUsername(ctx, issued.username);
  if (!user || user.Enabled === false) return oauthError('invalid_grant');
  const tokens = await core.tokens.issue(
    user,
    await pool.listUserGroupMembership(ctx, user),
    client,
    issued.grant,
  );
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return {
    status: 200,
    body: {
      ...(tokens.IdToken && { id_token: tokens.IdToken }),
      access_token: tokens.AccessToken,
      refresh_token: tokens.RefreshToken,
      expires_in: tokens.ExpiresIn,
      token_type: 'Bearer',
    },
  };
}

async function refreshGrant(core: CognitoCore, ctx: Context, client: AppClient, form: URLSearchParams) {
  const refreshToken = form.get('refresh_token');
  if (!refreshToken) return oauthError('invalid_request');
  try {
    const tokens = await refreshTokens(core, ctx, client.ClientId, refreshToken);
    return {
      status: 200,
      body: {
        ...(tokens.IdToken && { id_token: tokens.IdToken }),
        access_token: tokens.AccessToken,
        expires_in: tokens.ExpiresIn,
        token_type: 'Bearer',
      },
    };
  } catch (error) {
    if (error instanceof CognitoError) return oauthError('invalid_grant');
    throw error;
  }
}

const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'];

/** POST /oauth2/token. `form` is undefined when the body was not form-encoded. */
export async function tokenEndpoint(
  core: CognitoCore,
  ctx: Context,
  codes: ExpiringMap<AuthorizationCode>,
  form: URLSearchParams | undefined,
  authorization: string | undefined,
): Promise<OAuthAnswer> {
  const grantType = form?.get('grant_type');
  if (!form || !grantType) return oauthError('invalid_request');
  if (!GRANT_TYPES.includes(grantType)) return oauthError('unsupported_grant_type');
  const client = await authenticatedClient(core, ctx, form, authorization);
  if (!client) return oauthError('invalid_client');
  if (grantType === 'authorization_code') return codeGrant(core, ctx, codes, client, form);
  if (grantType === 'refresh_token') return refreshGrant(core, ctx, client, form);
  // client_credentials needs a confidential client with custom scopes; the web client is neither.
  return oauthError('unauthorized_client');
}

/** POST /oauth2/revoke: 200 with an empty body, as for a token already revoked. */
export async function revokeEndpoint(
  core: CognitoCore,
  ctx: Context,
  form: URLSearchParams | undefined,
  authorization: string | undefined,
): Promise<OAuthAnswer> {
  const token = form?.get('token');
  if (!form || !token) return oauthError('invalid_request');
  const client = await authenticatedClient(core, ctx, form, authorization);
  if (!client) return oauthError('invalid_client');
  try {
    await revokeRefreshToken(core, ctx, client.ClientId, token);
    return { status: 200, body: {} };
  } catch (error) {
    if (error instanceof CognitoError) return oauthError('unsupported_token_type');
    throw error;
  }
}

const INVALID_TOKEN: OAuthAnswer = {
  status: 401,
  body: {
    error: 'invalid_token',
    error_description: 'Access token is expired, disabled, or deleted, or the user has globally signed out.',
  },
  headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
};

/** GET|POST /oauth2/userInfo: the user's attributes as OIDC claims (all values strings). */
export async function userInfoEndpoint(
  core: CognitoCore,
  ctx: Context,
  authorization: string | undefined,
): Promise<OAuthAnswer> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  if (!token) return INVALID_TOKEN;
  try {
    const { user } = await verifiedAccessToken(core, ctx, token, 'openid');
    const claims = Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
    return { status: 200, body: { ...claims, username: user.Username } };
  } catch (error) {
    if (error instanceof CognitoError) return INVALID_TOKEN;
    throw error;
  }
}
