/**
 * The user pool and app client the stand-in serves, defined as Cognito's API (and CloudFormation's
 * AWS::Cognito::UserPool / AWS::Cognito::UserPoolClient properties) names them. The local stack
 * passes the ones of the synthesized template; without them the stand-in uses the fixed local ones
 * below, shaped like production's. At each start they are created, or updated where the stored ones
 * differ, through cognito-local's own services (so its files keep its format); users stay.
 *
 * Fields a definition leaves out take AWS's defaults, as CloudFormation would create the resource
 * (e.g. no Policies: AWS's default password policy, which requires every character class).
 */
import type { UserPoolClientType, UserPoolType } from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { UserPool } from 'cognito-local/lib/services/userPoolService.js';

export const LOCAL_USER_POOL_ID = 'eu-west-2_shutterlane';
/** Cognito app client ids are 26 lower-case letters and digits. */
export const LOCAL_CLIENT_ID = 'shutterlanelocalwebclient1';

export type UserPoolDefinition = Required<Pick<UserPoolType, 'Id' | 'Name'>> &
  Pick<
    UserPoolType,
    'Arn' | 'UsernameAttributes' | 'AutoVerifiedAttributes' | 'Policies' | 'MfaConfiguration'
  >;

export type AppClientDefinition = Required<Pick<UserPoolClientType, 'ClientId' | 'ClientName'>> &
  Pick<
    UserPoolClientType,
    | 'ExplicitAuthFlows'
    | 'CallbackURLs'
    | 'LogoutURLs'
    | 'AllowedOAuthFlows'
    | 'AllowedOAuthScopes'
    | 'AllowedOAuthFlowsUserPoolClient'
    | 'SupportedIdentityProviders'
    | 'AccessTokenValidity'
    | 'IdTokenValidity'
    | 'RefreshTokenValidity'
    | 'TokenValidityUnits'
    | 'EnableTokenRevocation'
    | 'PreventUserExistenceErrors'
  >;

/** The ARN AWS would give a pool: its region is the part of the id before "_". */
export const userPoolArn = (poolId: string, accountId = '000000000000') =>
  `arn:aws:cognito-idp:${poolId.split('_')[0]}:${accountId}:userpool/${poolId}`;

/** Like the production pool: people sign in with their email address, verified by code; 8 characters. */
export const DEFAULT_USER_POOL: UserPoolDefinition = {
  Id: LOCAL_USER_POOL_ID,
  Name: 'shutterlane-local',
  Arn: userPoolArn(LOCAL_USER_POOL_ID),
  UsernameAttributes: ['email'],
  AutoVerifiedAttributes: ['email'],
  MfaConfiguration: 'OFF',
  Policies: {
    PasswordPolicy: {
      MinimumLength: 8,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
      TemporaryPasswordValidityDays: 7,
    },
  },
};

const LOCAL_APP_ORIGIN = 'http://localhost:5173';

/** Like the production web client: public, SRP and password sign-in, the hosted sign-in's code grant. */
export const DEFAULT_APP_CLIENT: AppClientDefinition = {
  ClientId: LOCAL_CLIENT_ID,
  ClientName: 'shutterlane-web',
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  CallbackURLs: [`${LOCAL_APP_ORIGIN}/auth-callback`, `${LOCAL_APP_ORIGIN}/callback`],
  LogoutURLs: [`${LOCAL_APP_ORIGIN}/signout`],
  AllowedOAuthFlows: ['code'],
  AllowedOAuthScopes: ['email', 'openid', 'phone', 'aws.cognito.signin.user.admin'],
  AllowedOAuthFlowsUserPoolClient: true,
  SupportedIdentityProviders: ['COGNITO'],
  // AWS's default lifetimes, so the refresh path gets used.
  AccessTokenValidity: 60,
  IdTokenValidity: 60,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  EnableTokenRevocation: true,
  PreventUserExistenceErrors: 'ENABLED',
};

/** Whether any field the definition sets differs from what is stored. */
function differs(stored: object, definition: object): boolean {
  const current = stored as Record<string, unknown>;
  return Object.entries(definition).some(
    ([key, value]) => value !== undefined && JSON.stringify(current[key]) !== JSON.stringify(value),
  );
}

/** The pool as stored: AWS's defaults, then the definition. */
const poolOptions = (definition: UserPoolDefinition, now: Date, created?: Date): UserPool => ({
  ...(USER_POOL_AWS_DEFAULTS as UserPool),
  Arn: userPoolArn(definition.Id),
  ...(definition as UserPool),
  CreationDate: created ?? now,
  LastModifiedDate: now,
});

const appClient = (
  definition: AppClientDefinition,
  poolId: string,
  now: Date,
  created?: Date,
): AppClient => ({
  ...(definition as Omit<AppClient, 'UserPoolId' | 'CreationDate' | 'LastModifiedDate'>),
  UserPoolId: poolId,
  CreationDate: created ?? now,
  LastModifiedDate: now,
});

export interface PoolDefinitions {
  userPool?: UserPoolDefinition;
  appClient?: AppClientDefinition;
}

/** Cognito's id formats: clients (Amplify) read the region and SRP the pool name out of the pool id. */
function assertCognitoIds(pool: UserPoolDefinition, client: AppClientDefinition): void {
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(pool.Id))
    throw new Error(
      `User pool id "${pool.Id}" is not in Cognito's form <region>_<id>, e.g. eu-west-2_AbC123`,
    );
  if (!/^[\w+]{1,128}$/.test(client.ClientId))
    throw new Error(`App client id "${client.ClientId}" is not in Cognito's form (letters, digits, _ and +)`);
}

/** Creates the pool and the client, or updates them to their definitions; returns their ids. */
export async function ensureUserPool(
  { cognito, clock }: Services,
  ctx: Context,
  definitions: PoolDefinitions = {},
): Promise<{ userPoolId: string; clientId: string }> {
  const poolDefinition = definitions.userPool ?? DEFAULT_USER_POOL;
  const clientDefinition = definitions.appClient ?? DEFAULT_APP_CLIENT;
  assertCognitoIds(poolDefinition, clientDefinition);
  const pools = await cognito.listUserPools(ctx);
  if (!pools.some((pool) => pool.Id === poolDefinition.Id)) {
    await cognito.createUserPool(ctx, poolOptions(poolDefinition, clock.get()));
  }
  const pool = await cognito.getUserPool(ctx, poolDefinition.Id);
  if (differs(pool.options, poolDefinition)) {
    await pool.updateOptions(ctx, poolOptions(poolDefinition, clock.get(), pool.options.CreationDate));
  }
  const storedClient = await cognito.getAppClient(ctx, clientDefinition.ClientId);
  if (
    !storedClient ||
    storedClient.UserPoolId !== poolDefinition.Id ||
    differs(storedClient, clientDefinition)
  ) {
    await pool.saveAppClient(
      ctx,
      appClient(clientDefinition, poolDefinition.Id, clock.get(), storedClient?.CreationDate),
    );
  }
  return { userPoolId: poolDefinition.Id, clientId: clientDefinition.ClientId };
}
