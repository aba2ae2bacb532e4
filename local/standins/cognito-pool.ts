/**
 * The local user pool and app client, with fixed ids so the SPA, the gateway and tests can be
 * configured once. Created on first start through cognito-local's own services (so its files
 * have its own format) and found again on every later start.
 */
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';

export const LOCAL_USER_POOL_ID = 'eu-west-2_shutterlane';
/** Cognito app client ids are 26 lower-case letters and digits. */
export const LOCAL_CLIENT_ID = 'shutterlanelocalwebclient1';

/** Like the production pool: people sign in with their email address, which is verified by code. */
const userPoolOptions = (now: Date) => ({
  Id: LOCAL_USER_POOL_ID,
  Name: 'shutterlane-local',
  Arn: `arn:aws:cognito-idp:eu-west-2:000000000000:userpool/${LOCAL_USER_POOL_ID}`,
  UsernameAttributes: ['email'],
  AutoVerifiedAttributes: ['email'],
  MfaConfiguration: 'OFF',
  CreationDate: now,
  LastModifiedDate: now,
});

/** A public SPA client: no secret; AWS's default token lifetimes, so the refresh path gets used. */
const appClient = (now: Date): AppClient => ({
  UserPoolId: LOCAL_USER_POOL_ID,
  ClientId: LOCAL_CLIENT_ID,
  ClientName: 'shutterlane-web',
  CreationDate: now,
  LastModifiedDate: now,
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  AccessTokenValidity: 60,
  IdTokenValidity: 60,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  EnableTokenRevocation: true,
  PreventUserExistenceErrors: 'ENABLED',
});

/** Creates the pool and the client unless they exist; returns their ids. */
export async function ensureUserPool(
  { cognito, clock }: Services,
  ctx: Context,
): Promise<{ userPoolId: string; clientId: string }> {
  const pools = await cognito.listUserPools(ctx);
  if (!pools.some((pool) => pool.Id === LOCAL_USER_POOL_ID)) {
    await cognito.createUserPool(ctx, userPoolOptions(clock.get()));
  }
  if (!(await cognito.getAppClient(ctx, LOCAL_CLIENT_ID))) {
    const pool = await cognito.getUserPool(ctx, LOCAL_USER_POOL_ID);
    await pool.saveAppClient(ctx, appClient(clock.get()));
  }
  return { userPoolId: LOCAL_USER_POOL_ID, clientId: LOCAL_CLIENT_ID };
}
