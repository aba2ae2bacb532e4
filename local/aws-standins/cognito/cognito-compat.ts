/**
 * The Cognito operations cognito-local 5.3 lacks or answers differently from AWS, done here on top
 * of its services so the real SDKs and Amplify work unchanged:
 *
 * - `InitiateAuth`: USER_SRP_AUTH (cognito-srp-flow.ts); USER_PASSWORD_AUTH with the app client's
 *   allowed flows, the user's status and AWS's NotAuthorizedException "Incorrect username or
 *   password." (cognito-local says InvalidPasswordException, skips the temporary password and the
 *   status checks); REFRESH_TOKEN_AUTH bound to the client and refused once revoked. Results carry
 *   ExpiresIn and TokenType like AWS.
 * - `RespondToAuthChallenge`: PASSWORD_VERIFIER (SRP) and NEW_PASSWORD_REQUIRED with a real session.
 * - `GetTokensFromRefreshToken` (how Amplify 6 refreshes), answered in AWS's shape (no rotation).
 * - `GlobalSignOut`, `AdminUserGlobalSignOut`, `RevokeToken`: cognito-token-use.ts.
 * - `ResendConfirmationCode`: a fresh code replaces the old one and is delivered like sign-up's.
 * - `ChangePassword`: a wrong previous password is NotAuthorizedException, as in AWS.
 * - `ConfirmSignUp`: the confirmed address becomes verified (`email_verified`), and confirming a
 *   confirmed user is NotAuthorizedException, as in AWS (cognito-local: neither).
 * - Unknown usernames in ForgotPassword, ResendConfirmationCode, ConfirmForgotPassword and
 *   ConfirmSignUp answered as PreventUserExistenceErrors makes AWS answer (cognito-user-existence.ts).
 */
import * as z from 'zod/mini';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UnsupportedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import type { CognitoLocal } from './cognito-local';
import { newPasswordOperation } from './cognito-new-password';
import { Parameters, parseRequest, requiredParameters } from './cognito-requests';
import {
  INCORRECT_CREDENTIALS,
  assertFlowEnabled,
  clientAndPool,
  completeSignIn,
  newPasswordChallenge,
  verifyPassword,
  type CognitoCore,
} from './cognito-sign-in';
import { srpOperations } from './cognito-srp-flow';
import { refusingCode, simulatingDelivery } from './cognito-user-existence';
import { API_SCOPE } from './cognito-tokens';
import {
  adminSignOutEverywhere,
  refreshTokens,
  revokeRefreshToken,
  signOutEverywhere,
} from './cognito-token-use';

export type CompatOperation = (ctx: Context, body: unknown) => Promise<object>;

const Metadata = z.optional(z.record(z.string(), z.string()));
const GetTokensFromRefreshTokenRequest = z.object({ ClientId: z.string(), RefreshToken: z.string() });
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
  ClientId: z.string(),
  AuthParameters: z.optional(Parameters),
});
const AdminInitiateAuthRequest = z.object({
  UserPoolId: z.string(),
  ClientId: z.string(),
  AuthFlow: z.string(),
  AuthParameters: z.optional(Parameters),
});
const RespondToAuthChallengeRequest = z.object({ ChallengeName: z.string() });
const ConfirmSignUpRequest = z.object({ ClientId: z.string(), Username: z.string() });

/** The pool's auto-verified attributes the user has, marked verified (the code reached them). */
function verifiedAttributes(user: User, pool: UserPoolService) {
  const verified = (pool.options.AutoVerifiedAttributes ?? [])
    .filter((name) => user.Attributes?.some((a) => a.Name === name))
    .map((name) => `${name}_verified`);
  return [
    ...(user.Attributes ?? []).filter((a) => !verified.includes(a.Name ?? '')),
    ...verified.map((Name) => ({ Name, Value: 'true' })),
  ];
}

export function compatOperations(local: CognitoLocal, core: CognitoCore): Record<string, CompatOperation> {
  const { cognito, clock, otp, messages } = local.services;
  const srp = srpOperations(core);

  const passwordSignIn = async (
    ctx: Context,
    clientId: string,
    parameters: Record<string, string> | undefined,
    flow: 'USER_PASSWORD_AUTH' | 'ADMIN_USER_PASSWORD_AUTH' = 'USER_PASSWORD_AUTH',
  ) => {
    const found = await clientAndPool(core, ctx, clientId);
    assertFlowEnabled(found.client, flow);
    const { USERNAME, PASSWORD } = requiredParameters(parameters, ['USERNAME', 'PASSWORD']);
    const { user, next } = await verifyPassword(core, ctx, found, USERNAME, PASSWORD);
    const grant = core.tokens.newGrant(API_SCOPE, false);
    if (next === 'new-password-required') return newPasswordChallenge(core, user, clientId, grant);
    return completeSignIn(core, ctx, found.pool, found.client, user, grant);
  };

  const refreshSignIn = async (
    ctx: Context,
    clientId: string,
    parameters: Record<string, string> | undefined,
  ) => {
    const { REFRESH_TOKEN } = requiredParameters(parameters, ['REFRESH_TOKEN']);
    const tokens = await refreshTokens(core, ctx, clientId, REFRESH_TOKEN);
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer' } };
  };

  const initiateAuth: CompatOperation = async (ctx, body) => {
    const { AuthFlow, ClientId, AuthParameters } = parseRequest(InitiateAuthRequest, body);
    switch (AuthFlow) {
      case 'USER_SRP_AUTH':
        return srp.initiate(ctx, body);
      case 'USER_PASSWORD_AUTH':
        return passwordSignIn(ctx, ClientId, AuthParameters);
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refreshSignIn(ctx, ClientId, AuthParameters);
      default:
        throw new UnsupportedError(`InitiateAuth with AuthFlow=${AuthFlow}`);
    }
  };

  /** The server-side sign-in (IAM-authenticated): the same checks, the ADMIN_ flow's own permission. */
  const adminInitiateAuth: CompatOperation = async (ctx, body) => {
    const { AuthFlow, ClientId, AuthParameters, UserPoolId } = parseRequest(AdminInitiateAuthRequest, body);
    const found = await clientAndPool(core, ctx, ClientId);
    if (found.pool.options.Id !== UserPoolId)
      throw new InvalidParameterError(`Client ${ClientId} does not belong to user pool ${UserPoolId}`);
    switch (AuthFlow) {
      case 'ADMIN_USER_PASSWORD_AUTH':
      case 'ADMIN_NO_SRP_AUTH':
        return passwordSignIn(ctx, ClientId, AuthParameters, 'ADMIN_USER_PASSWORD_AUTH');
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refreshSignIn(ctx, ClientId, AuthParameters);
      default:
        throw new UnsupportedError(`AdminInitiateAuth with AuthFlow=${AuthFlow}`);
    }
  };

  const newPassword = newPasswordOperation(core);
  const respondToAuthChallenge: CompatOperation = async (ctx, body) => {
    const { ChallengeName } = parseRequest(RespondToAuthChallengeRequest, body);
    if (ChallengeName === 'PASSWORD_VERIFIER') return srp.verifyClaim(ctx, body);
    if (ChallengeName === 'NEW_PASSWORD_REQUIRED') return newPassword(ctx, body);
    return (await local.target('RespondToAuthChallenge')(ctx, body)) as object;
  };

  const getTokensFromRefreshToken: CompatOperation = async (ctx, body) => {
    const { ClientId, RefreshToken } = parseRequest(GetTokensFromRefreshTokenRequest, body);
    const tokens = await refreshTokens(core, ctx, ClientId, RefreshToken);
    return { AuthenticationResult: { ...tokens, TokenType: 'Bearer' } };
  };

  const globalSignOut: CompatOperation = async (ctx, body) => {
    await signOutEverywhere(core, ctx, parseRequest(GlobalSignOutRequest, body).AccessToken);
    return {};
  };

  const adminUserGlobalSignOut: CompatOperation = async (ctx, body) => {
    const { UserPoolId, Username } = parseRequest(AdminUserGlobalSignOutRequest, body);
    await adminSignOutEverywhere(core, ctx, UserPoolId, Username);
    return {};
  };

  const revokeToken: CompatOperation = async (ctx, body) => {
    const { ClientId, Token } = parseRequest(RevokeTokenRequest, body);
    await revokeRefreshToken(core, ctx, ClientId, Token);
    return {};
  };

  const localOperation =
    (name: string): CompatOperation =>
    async (ctx, body) =>
      (await local.target(name)(ctx, body)) as object;

  const changePassword: CompatOperation = async (ctx, body) => {
    try {
      return (await local.target('ChangePassword')(ctx, body)) as object;
    } catch (error) {
      // cognito-local's answer to a wrong previous password.
      if (error instanceof CognitoError && error.code === 'InvalidPasswordException')
        throw new CognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
      throw error;
    }
  };

  const confirmSignUp: CompatOperation = async (ctx, body) => {
    const { ClientId, Username } = parseRequest(ConfirmSignUpRequest, body);
    const { pool } = await clientAndPool(core, ctx, ClientId);
    if ((await pool.getUserByUsername(ctx, Username))?.UserStatus === 'CONFIRMED')
      throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
    const output = (await local.target('ConfirmSignUp')(ctx, body)) as object;
    const confirmed = await pool.getUserByUsername(ctx, Username);
    if (confirmed)
      await pool.saveUser(ctx, { ...confirmed, Attributes: verifiedAttributes(confirmed, pool) });
    return output;
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
    AdminInitiateAuth: adminInitiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GlobalSignOut: globalSignOut,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
    RevokeToken: revokeToken,
    ResendConfirmationCode: simulatingDelivery(core, resendConfirmationCode),
    ForgotPassword: simulatingDelivery(core, localOperation('ForgotPassword')),
    ConfirmForgotPassword: refusingCode(core, localOperation('ConfirmForgotPassword')),
    ChangePassword: changePassword,
    ConfirmSignUp: refusingCode(core, confirmSignUp),
  };
}
