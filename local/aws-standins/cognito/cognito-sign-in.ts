/**
 * What every way of signing in shares (USER_PASSWORD_AUTH, SRP, the hosted sign-in page): which app
 * client and flow, what a user's status allows once the password is right, the NEW_PASSWORD_REQUIRED
 * challenge with a real session, and issuing tokens whose refresh token is remembered (so refresh,
 * revocation and global sign-out work on every kind of sign-in).
 */
import { CognitoError, InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services, UserPoolService } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { ExpiringMap } from './cognito-expiring';
import type { Grant, TokenIssuer } from './cognito-tokens';

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

/** What the stand-in's operations share: cognito-local's services, the token issuer, sessions. */
export interface CognitoCore {
  services: Services;
  tokens: TokenIssuer;
  challenges: ExpiringMap<ChallengeSession>;
}

/** A NEW_PASSWORD_REQUIRED challenge in progress. */
export interface ChallengeSession {
  challengeName: 'NEW_PASSWORD_REQUIRED';
  clientId: string;
  username: string;
  grant: Grant;
}

/** Cognito's AuthSessionValidity default: a challenge must be answered within 3 minutes. */
export const CHALLENGE_SESSION_MS = 3 * 60_000;

export const newCore = (services: Services, tokens: TokenIssuer): CognitoCore => ({
  services,
  tokens,
  challenges: new ExpiringMap<ChallengeSession>(CHALLENGE_SESSION_MS),
});

/** The app client and its pool, or Cognito's ResourceNotFoundException. */
export async function clientAndPool(
  { services }: CognitoCore,
  ctx: Context,
  clientId: string | undefined,
): Promise<{ client: AppClient; pool: UserPoolService }> {
  const client = clientId ? await services.cognito.getAppClient(ctx, clientId) : null;
  if (!client || !clientId)
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId ?? ''} does not exist.`);
  return { client, pool: await services.cognito.getUserPool(ctx, client.UserPoolId) };
}

/** A client created without ExplicitAuthFlows allows these (Cognito's default). */
const DEFAULT_AUTH_FLOWS = ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH'];

export type ClientAuthFlow = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'ADMIN_USER_PASSWORD_AUTH';

/** The names flows had before the ALLOW_ ones, which Cognito still accepts. */
const LEGACY_FLOW_NAMES: Partial<Record<ClientAuthFlow, string>> = {
  ADMIN_USER_PASSWORD_AUTH: 'ADMIN_NO_SRP_AUTH',
};

/** Refuses a flow the app client does not allow, as Cognito does, before looking at the user. */
export function assertFlowEnabled(client: AppClient, flow: ClientAuthFlow): void {
  const flows: string[] = client.ExplicitAuthFlows?.length ? client.ExplicitAuthFlows : DEFAULT_AUTH_FLOWS;
  // The legacy names (without ALLOW_) still count, as in Cognito.
  const legacy = LEGACY_FLOW_NAMES[flow] ?? flow;
  if (!flows.includes(`ALLOW_${flow}`) && !flows.includes(legacy))
    throw new InvalidParameterError(`${flow} flow not enabled for this client`);
}

/** With "prevent user existence errors" on, an unknown user reads like a wrong password. */
export const hidesUnknownUsers = (client: AppClient) => client.PreventUserExistenceErrors !== 'LEGACY';

const DAY_MS = 86_400_000;

/**
 * What the user's status allows once the password (or temporary password) proved right: tokens,
 * or a new password first; otherwise Cognito's refusal.
 */
export function afterPasswordVerified(
  user: User,
  pool: UserPoolService,
  now: Date,
): 'signed-in' | 'new-password-required' {
  if (user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
  switch (user.UserStatus) {
    case 'UNCONFIRMED':
      throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    case 'RESET_REQUIRED':
      throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    case 'FORCE_CHANGE_PASSWORD': {
      const days = pool.options.Policies?.PasswordPolicy?.TemporaryPasswordValidityDays ?? 7;
      const setAt = new Date(user.UserLastModifiedDate).getTime();
      if (now.getTime() - setAt > days * DAY_MS)
        throw new NotAuthorizedError('Temporary password has expired and must be reset by an administrator.');
      return 'new-password-required';
    }
    default:
      return 'signed-in';
  }
}

/**
 * A user name (or email alias) and password, checked as USER_PASSWORD_AUTH and the hosted sign-in
 * page check them: the user, and whether tokens or a new password come next.
 */
export async function verifyPassword(
  core: CognitoCore,
  ctx: Context,
  { client, pool }: { client: AppClient; pool: UserPoolService },
  username: string,
  password: string,
): Promise<{ user: User; next: 'signed-in' | 'new-password-required' }> {
  const user = await pool.getUserByUsername(ctx, username);
  if (!user && !hidesUnknownUsers(client))
    throw new CognitoError('UserNotFoundException', 'User does not exist.');
  if (!user || user.Password !== password) throw new NotAuthorizedError(INCORRECT_CREDENTIALS);
  return { user, next: afterPasswordVerified(user, pool, core.services.clock.get()) };
}

/** The attributes Cognito lists in a NEW_PASSWORD_REQUIRED challenge (never the immutable sub). */
const challengeAttributes = (user: User) =>
  Object.fromEntries(
    (user.Attributes ?? []).filter((a) => a.Name !== 'sub').map((a) => [a.Name ?? '', a.Value ?? '']),
  );

/** The NEW_PASSWORD_REQUIRED challenge, with a session that RespondToAuthChallenge must bring back. */
export function newPasswordChallenge(core: CognitoCore, user: User, clientId: string, grant: Grant) {
  const Session = core.challenges.add({
    challengeName: 'NEW_PASSWORD_REQUIRED',
    clientId,
    username: user.Username,
    grant,
  });
  return {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session,
    ChallengeParameters: {
      USER_ID_FOR_SRP: user.Username,
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(challengeAttributes(user)),
    },
  };
}

/** Issues the tokens of a finished sign-in and remembers its refresh token; AWS's result shape. */
export async function completeSignIn(
  core: CognitoCore,
  ctx: Context,
  pool: UserPoolService,
  client: AppClient,
  user: User,
  grant: Grant,
) {
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await core.tokens.issue(user, groups, client, grant);
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: tokens.AccessToken,
      ExpiresIn: tokens.ExpiresIn,
      TokenType: 'Bearer',
      RefreshToken: tokens.RefreshToken,
      IdToken: tokens.IdToken,
    },
  };
}
