/**
 * The Cognito operations cognito-local 5.3 lacks or answers differently from AWS, done here on top
 * of its services so the real SDKs and Amplify work unchanged:
 *
 * - `GetTokensFromRefreshToken` (how Amplify 6 refreshes): InitiateAuth REFRESH_TOKEN_AUTH,
 *   answered in AWS's shape (no rotation, so no new refresh token).
 * - `GlobalSignOut`, `AdminUserGlobalSignOut`: the user's refresh tokens stop working. Access and
 *   ID tokens stay valid until they expire (as with API Gateway's JWT authorizer in AWS).
 * - `RevokeToken`: the refresh token stops working; an unknown token is accepted (idempotent).
 * - `ResendConfirmationCode`: a fresh code replaces the old one and is delivered like sign-up's.
 * - `InitiateAuth`: a wrong password or unknown user is AWS's NotAuthorizedException
 *   "Incorrect username or password." (cognito-local says InvalidPasswordException), an expired
 *   refresh token is refused, and results carry ExpiresIn and TokenType like AWS. A user who must
 *   choose a password gets the NEW_PASSWORD_REQUIRED challenge only with the right temporary
 *   password (cognito-local skips that check).
 */
import { createRequire } from 'node:module';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK } from 'jose';
import * as z from 'zod/mini';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { CognitoLocal } from './cognito-local';

export type CompatOperation = (ctx: Context, body: unknown) => Promise<object>;

/** cognito-local signs every token with this key pair, shipped in its package. */
const cognitoLocalJwks = () => {
  const requireHere = createRequire(import.meta.url);
  const { jwk } = requireHere('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };
  return createLocalJWKSet({ keys: [jwk] });
};

function parseRequest<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidParameterError(`Invalid request: ${result.error.message}`);
  return result.data;
}

const Metadata = z.optional(z.record(z.string(), z.string()));
const GetTokensFromRefreshTokenRequest = z.object({
  ClientId: z.string(),
  RefreshToken: z.string(),
  ClientMetadata: Metadata,
});
const GlobalSignOutRequest = z.object({ AccessToken: z.string() });
const AdminUserGlobalSignOutRequest = z.object({ UserPoolId: z.string(), Username: z.string() });
const RevokeTokenRequest = z.object({ ClientId: z.string(), Token: z.string() });
const ResendConfirmationCodeRequest = z.object({
  ClientId: z.string(),
  Username: z.string(),
  ClientMetadata: Metadata,
});
const InitiateAuthRequest = z.object({
  AuthFlow: z.string(),
  ClientId: z.optional(z.string()),
  AuthParameters: z.optional(z.record(z.string(), z.string())),
});

interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
}

/** AWS always says how long the access token lives, and that it is a Bearer token. */
function withLifetime(result: AuthenticationResult) {
  const { exp = 0, iat = 0 } = decodeJwt(result.AccessToken);
  return { ...result, ExpiresIn: exp - iat, TokenType: 'Bearer' };
}

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
const REJECTED_SIGN_IN = new Set([
  'InvalidPasswordException',
  'NotAuthorizedException',
  'UserNotFoundException',
]);

export function compatOperations(local: CognitoLocal, issuerDomain: string): Record<string, CompatOperation> {
  const jwks = cognitoLocalJwks();
  const { cognito, clock, otp, messages } = local.services;

  /** Signature, expiry and use of one of our tokens; NotAuthorized like AWS otherwise. */
  const verifiedClaims = async (token: string, use: 'access' | 'refresh', refusal: string) => {
    try {
      const { payload } = await jwtVerify(token, jwks);
      if (use === 'access' && payload.token_use !== 'access') throw new Error('not an access token');
      if (!payload.iss?.startsWith(`${issuerDomain}/`)) throw new Error('issued elsewhere');
      return payload;
    } catch {
      throw new NotAuthorizedError(refusal);
    }
  };

  const signOutEverywhere = async (ctx: Context, pool: UserPoolService, username: string) => {
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: clock.get() });
    return {};
  };

  /** AWS checks the temporary password before asking for a new one; cognito-local does not. */
  const checkTemporaryPassword = async (ctx: Context, clientId: string, params: Record<string, string>) => {
    const pool = await cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, params.USERNAME ?? '');
    if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== params.PASSWORD)
      throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  };

  const initiateAuth: CompatOperation = async (ctx, body) => {
    const { AuthFlow, AuthParameters, ClientId } = parseRequest(InitiateAuthRequest, body);
    if (AuthFlow === 'USER_PASSWORD_AUTH' && ClientId && AuthParameters)
      await checkTemporaryPassword(ctx, ClientId, AuthParameters);
    const refreshToken = AuthParameters?.REFRESH_TOKEN;
    if (AuthFlow.startsWith('REFRESH_TOKEN') && refreshToken) {
      await verifiedClaims(refreshToken, 'refresh', 'Invalid Refresh Token');
    }
    try {
      const output = (await local.target('InitiateAuth')(ctx, body)) as {
        AuthenticationResult?: AuthenticationResult;
      };
      if (!output.AuthenticationResult) return output;
      return { ...output, AuthenticationResult: withLifetime(output.AuthenticationResult) };
    } catch (error) {
      if (
        AuthFlow === 'USER_PASSWORD_AUTH' &&
        error instanceof CognitoError &&
        REJECTED_SIGN_IN.has(error.code)
      ) {
        throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
      }
      if (error instanceof NotAuthorizedError && refreshToken)
        throw new NotAuthorizedError('Invalid Refresh Token');
      throw error;
    }
  };

  const getTokensFromRefreshToken: CompatOperation = async (ctx, body) => {
    const request = parseRequest(GetTokensFromRefreshTokenRequest, body);
    const output = (await initiateAuth(ctx, {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: request.ClientId,
      AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      ClientMetadata: request.ClientMetadata,
    })) as { AuthenticationResult: AuthenticationResult };
    const { AccessToken, IdToken, ExpiresIn, TokenType } = withLifetime(output.AuthenticationResult);
    return { AuthenticationResult: { AccessToken, IdToken, ExpiresIn, TokenType } };
  };

  const globalSignOut: CompatOperation = async (ctx, body) => {
    const { AccessToken } = parseRequest(GlobalSignOutRequest, body);
    const claims = await verifiedClaims(AccessToken, 'access', 'Invalid Access Token');
    const pool = await cognito.getUserPoolForClientId(ctx, String(claims.client_id));
    return signOutEverywhere(ctx, pool, String(claims.sub));
  };

  const adminUserGlobalSignOut: CompatOperation = async (ctx, body) => {
    const { UserPoolId, Username } = parseRequest(AdminUserGlobalSignOutRequest, body);
    return signOutEverywhere(ctx, await cognito.getUserPool(ctx, UserPoolId), Username);
  };

  const revokeToken: CompatOperation = async (ctx, body) => {
    parseRequest(RevokeTokenRequest, body);
    try {
      return (await local.target('RevokeToken')(ctx, body)) as object;
    } catch (error) {
      // Already revoked (e.g. after a global sign-out) or never ours: nothing left to revoke.
      if (error instanceof NotAuthorizedError) return {};
      throw error;
    }
  };

  const resendConfirmationCode: CompatOperation = async (ctx, body) => {
    const request = parseRequest(ResendConfirmationCodeRequest, body);
    const pool = await cognito.getUserPoolForClientId(ctx, request.ClientId);
    const user = await pool.getUserByUsername(ctx, request.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const delivery = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!delivery) throw new InvalidParameterError('User has no attribute to send a confirmation code to.');
    const code = otp();
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    await messages.deliver(
      ctx,
      'ResendCode',
      request.ClientId,
      pool.options.Id,
      user,
      code,
      request.ClientMetadata,
      delivery,
    );
    return { CodeDeliveryDetails: delivery };
  };

  return {
    InitiateAuth: initiateAuth,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GlobalSignOut: globalSignOut,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
    RevokeToken: revokeToken,
    ResendConfirmationCode: resendConfirmationCode,
  };
}

/** AWS's wording where cognito-local's differs (the SPA may show these texts). */
const AWS_MESSAGES: Record<string, string> = {
  UsernameExistsException: 'An account with the given email already exists.',
  CodeMismatchException: 'Invalid verification code provided, please try again.',
};

/** The error body Cognito answers with: `{ __type, message }`. */
export const awsErrorBody = (error: CognitoError) => ({
  __type: error.code,
  message: AWS_MESSAGES[error.code] ?? error.message,
});
