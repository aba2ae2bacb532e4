/**
 * What the stand-in's tokens are good for after sign-in, as in Cognito:
 *
 * - An access token authorizes the user's own operations (GetUser, ChangePassword, ...) only if it
 *   is ours, unexpired, has the aws.cognito.signin.user.admin scope and was not revoked
 *   (cognito-local decodes it without any check).
 * - A refresh token (REFRESH_TOKEN_AUTH, GetTokensFromRefreshToken, the token endpoint) works for
 *   the app client it was issued to, until it expires or is revoked.
 * - RevokeToken revokes one refresh token and the access tokens issued with it; GlobalSignOut and
 *   AdminUserGlobalSignOut revoke all of a user's. Revocation goes by the sign-in (origin_jti),
 *   remembered on the user. ID tokens are not checked by Cognito, so they stay valid until they
 *   expire (the API's JWT authorizer, like API Gateway's, only checks their signature).
 */
import { decodeJwt, errors as joseErrors } from 'jose';
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { clientAndPool, type CognitoCore } from './cognito-sign-in';
import { API_SCOPE, grantOf, type RefreshClaims } from './cognito-tokens';

/** The user record with the sign-ins whose tokens were revoked. */
type TrackedUser = User & { RevokedTokenOrigins?: string[] };

const revokedOrigins = (user: User) => (user as TrackedUser).RevokedTokenOrigins ?? [];

const originOf = (token: string): string | undefined => {
  try {
    const origin = decodeJwt(token).origin_jti;
    return typeof origin === 'string' ? origin : undefined;
  } catch {
    return undefined;
  }
};

/** Forgets `refreshTokens` and revokes every token of their sign-ins. */
async function revoke(ctx: Context, pool: UserPoolService, user: User, refreshTokens: readonly string[]) {
  const origins = refreshTokens.map(originOf).filter((origin): origin is string => Boolean(origin));
  const tracked: TrackedUser = {
    ...user,
    RefreshTokens: (user.RefreshTokens ?? []).filter((token) => !refreshTokens.includes(token)),
    RevokedTokenOrigins: [...new Set([...revokedOrigins(user), ...origins])],
  };
  await pool.saveUser(ctx, tracked);
}

export interface AccessTokenUse {
  claims: Record<string, unknown>;
  pool: UserPoolService;
  user: User;
}

/**
 * The user an access token speaks for, or Cognito's NotAuthorizedException. The user's own API
 * operations need the aws.cognito.signin.user.admin scope; the userInfo endpoint needs openid.
 */
export async function verifiedAccessToken(
  core: CognitoCore,
  ctx: Context,
  token: string,
  requiredScope = API_SCOPE,
): Promise<AccessTokenUse> {
  let claims: Record<string, unknown>;
  try {
    claims = await core.tokens.verify(token);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new NotAuthorizedError('Access Token has expired');
    throw new NotAuthorizedError('Invalid Access Token');
  }
  if (claims.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(requiredScope)
  )
    throw new NotAuthorizedError('Access Token does not have required scopes');
  const { pool } = await clientAndPool(core, ctx, String(claims.client_id));
  const user = await pool.getUserByUsername(ctx, String(claims.username));
  if (!user) throw new UserNotFoundError('User does not exist.');
  if (revokedOrigins(user).includes(String(claims.origin_jti)))
    throw new NotAuthorizedError('Access Token has been revoked');
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  return { claims, pool, user };
}

/** The claims of one of our refresh tokens, or undefined. */
async function refreshClaims(core: CognitoCore, token: string): Promise<RefreshClaims | undefined> {
  try {
    const claims = await core.tokens.verify(token);
    return typeof claims.client_id === 'string' && typeof claims.origin_jti === 'string'
      ? (claims as RefreshClaims)
      : undefined;
  } catch {
    return undefined;
  }
}

/** New access and ID tokens for a refresh token: the same sign-in, its scopes and auth_time. */
export async function refreshTokens(core: CognitoCore, ctx: Context, clientId: string, refreshToken: string) {
  const { client, pool } = await clientAndPool(core, ctx, clientId);
  const claims = await refreshClaims(core, refreshToken);
  if (!claims || claims.client_id !== client.ClientId) throw new NotAuthorizedError('Invalid Refresh Token');
  const user = await pool.getUserByRefreshToken(ctx, refreshToken);
  if (!user) throw new NotAuthorizedError('Refresh Token has been revoked');
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  const groups = await pool.listUserGroupMembership(ctx, user);
  return core.tokens.refreshed(user, groups, client, grantOf(claims));
}

/** GlobalSignOut: every token of the user the access token belongs to. */
export async function signOutEverywhere(core: CognitoCore, ctx: Context, accessToken: string) {
  const { pool, user } = await verifiedAccessToken(core, ctx, accessToken);
  await revoke(ctx, pool, user, user.RefreshTokens ?? []);
}

/** AdminUserGlobalSignOut. */
export async function adminSignOutEverywhere(
  core: CognitoCore,
  ctx: Context,
  poolId: string,
  username: string,
) {
  const pool = await core.services.cognito.getUserPool(ctx, poolId);
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await revoke(ctx, pool, user, user.RefreshTokens ?? []);
}

/**
 * RevokeToken: one refresh token and what was issued with it. A token that is unknown or already
 * revoked is accepted, as OAuth token revocation (RFC 7009) requires.
 */
export async function revokeRefreshToken(core: CognitoCore, ctx: Context, clientId: string, token: string) {
  const { client, pool } = await clientAndPool(core, ctx, clientId);
  if (client.EnableTokenRevocation === false)
    throw new CognitoError(
      'UnsupportedOperationException',
      'Token revocation is not enabled for this app client.',
    );
  const claims = await refreshClaims(core, token);
  if (!claims) return;
  if (claims.client_id !== client.ClientId) throw new CognitoError('UnauthorizedException', 'Unauthorized');
  const user = await pool.getUserByRefreshToken(ctx, token);
  if (user) await revoke(ctx, pool, user, [token]);
}
