/**
 * Every token the Cognito stand-in issues, from the JSON API (cognito-local's flows, SRP, refresh)
 * and from the hosted sign-in's token endpoint alike, so both kinds pass the same JWT checks.
 *
 * Claims follow Cognito's: the access token has `client_id`, `scope`, `username`, `origin_jti`,
 * `auth_time`; the ID token has `aud`, `cognito:username`, `token_use`, `auth_time` and the user's
 * attributes (`*_verified` as booleans). Tokens from the token endpoint carry `version: 2` and
 * `at_hash` and no `event_id`, as Cognito's do. A refresh keeps the sign-in's `auth_time`, scopes and
 * `origin_jti`, which revocation goes by.
 *
 * They are signed RS256 with cognito-local's key pair (kid "CognitoLocal"), whose public half its
 * JWKS route serves. Refresh tokens are opaque to clients in AWS; here they are JWTs carrying the
 * sign-in they continue, bound to their app client.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { TokenGenerator, Tokens } from 'cognito-local/lib/services/tokenGenerator.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';

/** The scope of every token from the JSON API: the user's own account operations. */
export const API_SCOPE = 'aws.cognito.signin.user.admin';

/** One sign-in, which every token issued for it (and refreshed from it) shares. */
export interface Grant {
  /** Space-separated scopes. */
  scope: string;
  /** Epoch seconds of the sign-in. */
  authTime: number;
  originJti: string;
  /** Issued by the hosted sign-in's token endpoint rather than the JSON API. */
  hosted: boolean;
  /** The OIDC nonce the authorize request carried, echoed in the ID token. */
  nonce?: string;
}

export interface IssuedTokens {
  AccessToken: string;
  /** Only with the `openid` scope, for the hosted sign-in; always for the JSON API. */
  IdToken?: string;
  RefreshToken: string;
  /** Seconds the access token lives. */
  ExpiresIn: number;
}

const keyFile = (name: string) =>
  (createRequire(import.meta.url)(`cognito-local/lib/keys/cognitoLocal.${name}.json`) as { jwk: JWK }).jwk;

const SIGNING_KID = 'CognitoLocal';

/** Cognito's defaults when the app client sets no validity: 1 hour, 1 hour, 30 days. */
const DEFAULT_VALIDITY = { access: 3600, id: 3600, refresh: 30 * 86_400 };
const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

type TokenKind = 'access' | 'id' | 'refresh';

/** How long a token lives for this app client, in seconds. */
export function tokenValidity(client: AppClient, kind: TokenKind): number {
  const [value, unit] = {
    access: [client.AccessTokenValidity, client.TokenValidityUnits?.AccessToken ?? 'hours'],
    id: [client.IdTokenValidity, client.TokenValidityUnits?.IdToken ?? 'hours'],
    refresh: [client.RefreshTokenValidity, client.TokenValidityUnits?.RefreshToken ?? 'days'],
  }[kind] as [number | undefined, string];
  return value === undefined ? DEFAULT_VALIDITY[kind] : value * (UNIT_SECONDS[unit] ?? 1);
}

/** The user's attributes as ID-token claims: verification flags are booleans, the rest strings. */
function attributeClaims(user: User): Record<string, string | boolean> {
  return Object.fromEntries(
    (user.Attributes ?? []).map(({ Name = '', Value = '' }) => [
      Name,
      Name.endsWith('_verified') ? Value === 'true' : Value,
    ]),
  );
}

/** OIDC's at_hash: the left half of the access token's SHA-256, base64url. */
const accessTokenHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

export const subOf = (user: User) => user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;

/** What a refresh token carries about the sign-in it continues. */
export interface RefreshClaims extends JWTPayload {
  client_id: string;
  'cognito:username': string;
  origin_jti: string;
  auth_time: number;
  scope: string;
  hosted: boolean;
  nonce?: string;
}

export class TokenIssuer implements TokenGenerator {
  private readonly privateKey = importJWK(keyFile('private'), 'RS256');
  private readonly publicKeys = createLocalJWKSet({ keys: [keyFile('public')] });

  constructor(
    private readonly clock: Clock,
    /** Scheme, host and port of the JSON API: tokens say `iss: <issuerDomain>/<poolId>`. */
    private readonly issuerDomain: string,
  ) {}

  /** A fresh sign-in through the JSON API (cognito-local's flows call this). */
  async generate(
    _ctx: Context,
    user: User,
    userGroups: readonly string[],
    client: AppClient,
  ): Promise<Tokens> {
    const tokens = await this.issue(user, userGroups, client, this.newGrant(API_SCOPE, false));
    return {
      AccessToken: tokens.AccessToken,
      IdToken: tokens.IdToken ?? '',
      RefreshToken: tokens.RefreshToken,
    };
  }

  newGrant(scope: string, hosted: boolean, nonce?: string): Grant {
    const authTime = Math.floor(this.clock.get().getTime() / 1000);
    return { scope, authTime, originJti: randomUUID(), hosted, ...(nonce && { nonce }) };
  }

  /** Access, ID and refresh tokens for a new sign-in. */
  async issue(user: User, groups: readonly string[], client: AppClient, grant: Grant): Promise<IssuedTokens> {
    const tokens = await this.refreshed(user, groups, client, grant);
    const refreshClaims: Omit<RefreshClaims, 'iss' | 'exp' | 'iat'> = {
      client_id: client.ClientId,
      'cognito:username': user.Username,
      origin_jti: grant.originJti,
      auth_time: grant.authTime,
      scope: grant.scope,
      hosted: grant.hosted,
      ...(grant.nonce && { nonce: grant.nonce }),
    };
    return { ...tokens, RefreshToken: await this.sign(refreshClaims, client, 'refresh') };
  }

  /** Access and ID tokens continuing `grant` (a refresh issues no new refresh token). */
  async refreshed(
    user: User,
    groups: readonly string[],
    client: AppClient,
    grant: Grant,
  ): Promise<Omit<IssuedTokens, 'RefreshToken'>> {
    const common = {
      sub: subOf(user),
      origin_jti: grant.originJti,
      auth_time: grant.authTime,
      ...(groups.length > 0 && { 'cognito:groups': [...groups] }),
      ...(!grant.hosted && { event_id: randomUUID() }),
    };
    const AccessToken = await this.sign(
      {
        ...common,
        ...(grant.hosted && { version: 2 }),
        client_id: client.ClientId,
        token_use: 'access',
        scope: grant.scope,
        username: user.Username,
      },
      client,
      'access',
    );
    const wantsIdToken = !grant.hosted || grant.scope.split(' ').includes('openid');
    const IdToken = wantsIdToken
      ? await this.sign(
          {
            ...attributeClaims(user),
            ...common,
            ...(grant.hosted && { at_hash: accessTokenHash(AccessToken) }),
            ...(grant.nonce && { nonce: grant.nonce }),
            aud: client.ClientId,
            'cognito:username': user.Username,
            token_use: 'id',
          },
          client,
          'id',
        )
      : undefined;
    return { AccessToken, ...(IdToken && { IdToken }), ExpiresIn: tokenValidity(client, 'access') };
  }

  /** The claims of one of our tokens if its signature, issuer and expiry hold; otherwise throws. */
  async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.publicKeys, { currentDate: this.clock.get() });
    if (!payload.iss?.startsWith(`${this.issuerDomain}/`)) throw new Error('issued elsewhere');
    return payload;
  }

  private async sign(claims: JWTPayload, client: AppClient, kind: TokenKind): Promise<string> {
    const iat = Math.floor(this.clock.get().getTime() / 1000);
    return new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: SIGNING_KID })
      .setIssuer(`${this.issuerDomain}/${client.UserPoolId}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + tokenValidity(client, kind))
      .sign(await this.privateKey);
  }
}

/** The sign-in a refresh token continues. */
export const grantOf = (claims: RefreshClaims): Grant => ({
  scope: claims.scope,
  authTime: claims.auth_time,
  originJti: claims.origin_jti,
  hosted: claims.hosted,
  ...(claims.nonce && { nonce: claims.nonce }),
});
