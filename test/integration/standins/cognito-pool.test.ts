/**
 * The user pool and app client from definitions (as the local stack takes them from the synthesized
 * template): created at start, updated at a later start when they differ, users kept; and what the
 * definitions decide: allowed flows, token lifetimes, the password policy (AWS's default one when a
 * definition has none).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_APP_CLIENT,
  DEFAULT_USER_POOL,
  startCognito,
  type AppClientDefinition,
  type CognitoStandIn,
  type UserPoolDefinition,
} from '@shutterlane/aws-standins/cognito/cognito';

const userPool: UserPoolDefinition = {
  Id: 'us-east-1_TemplatePool',
  Name: 'shutterlane-sellers',
  UsernameAttributes: ['email'],
  AutoVerifiedAttributes: ['email'],
  Policies: {
    PasswordPolicy: {
      MinimumLength: 10,
      RequireNumbers: true,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireSymbols: false,
      TemporaryPasswordValidityDays: 7,
    },
  },
};

const appClient: AppClientDefinition = {
  ClientId: 'templatewebclient000000001',
  ClientName: 'WebClient',
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  CallbackURLs: ['https://app.example/auth-callback'],
  LogoutURLs: ['https://app.example/signout'],
  AllowedOAuthFlows: ['code'],
  AllowedOAuthScopes: ['openid', 'email'],
  AllowedOAuthFlowsUserPoolClient: true,
  SupportedIdentityProviders: ['COGNITO'],
  AccessTokenValidity: 5,
  IdTokenValidity: 5,
  RefreshTokenValidity: 1,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  EnableTokenRevocation: true,
  PreventUserExistenceErrors: 'ENABLED',
};

let dataDir: string;
let cognito: CognitoStandIn | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-pool-'));
});
afterEach(async () => {
  await cognito?.stop();
  cognito = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const start = async (definitions: { userPool?: UserPoolDefinition; appClient?: AppClientDefinition }) => {
  cognito = await startCognito({ port: 0, dataDir, onCode: () => undefined, ...definitions });
  return {
    cognito,
    client: new CognitoIdentityProviderClient({
      endpoint: cognito.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  };
};

async function userWithPassword(client: CognitoIdentityProviderClient, poolId: string, password: string) {
  const email = `pool-${Date.now()}@example.com`;
  await client.send(
    new AdminCreateUserCommand({ UserPoolId: poolId, Username: email, MessageAction: 'SUPPRESS' }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return email;
}

const passwordSignIn = (
  client: CognitoIdentityProviderClient,
  clientId: string,
  email: string,
  password: string,
) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

describe('pool and app client from definitions', () => {
  it('serves the defined pool and client, with their token lifetimes and password policy', async () => {
    const { cognito: standIn, client } = await start({ userPool, appClient });
    expect({ pool: standIn.userPoolId, client: standIn.clientId }).toEqual({
      pool: userPool.Id,
      client: appClient.ClientId,
    });
    expect(standIn.issuer).toBe(`${standIn.url}/${userPool.Id}`);
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPool.Id }));
    expect(UserPool).toMatchObject({
      Name: 'shutterlane-sellers',
      Arn: 'arn:aws:cognito-idp:us-east-1:000000000000:userpool/us-east-1_TemplatePool',
      Policies: userPool.Policies,
    });
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: userPool.Id, ClientId: appClient.ClientId }),
    );
    expect(UserPoolClient).toMatchObject({ CallbackURLs: appClient.CallbackURLs, AccessTokenValidity: 5 });

    const email = await userWithPassword(client, userPool.Id, 'long-enough-1');
    const { AuthenticationResult } = await passwordSignIn(client, appClient.ClientId, email, 'long-enough-1');
    expect(AuthenticationResult?.ExpiresIn).toBe(300);

    await expect(
      client.send(
        new SignUpCommand({ ClientId: appClient.ClientId, Username: 'a@example.com', Password: 'short-1' }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await expect(
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPool.Id,
          Username: email,
          Password: 'long-enough-but-no-digit',
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password must have numeric characters',
    });
  });

  it('refuses a flow the client does not allow', async () => {
    const { client } = await start({
      userPool,
      appClient: { ...appClient, ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] },
    });
    const email = await userWithPassword(client, userPool.Id, 'long-enough-1');
    await expect(passwordSignIn(client, appClient.ClientId, email, 'long-enough-1')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
  });

  it('updates a stored pool and client to changed definitions at the next start, keeping the users', async () => {
    const first = await start({ userPool, appClient });
    const email = await userWithPassword(first.client, userPool.Id, 'long-enough-1');
    await first.cognito.stop();

    const { client } = await start({
      userPool: { ...userPool, Name: 'renamed-pool' },
      appClient: {
        ...appClient,
        CallbackURLs: ['https://other.example/auth-callback'],
        AccessTokenValidity: 10,
      },
    });
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPool.Id }));
    expect(UserPool?.Name).toBe('renamed-pool');
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: userPool.Id, ClientId: appClient.ClientId }),
    );
    expect(UserPoolClient?.CallbackURLs).toEqual(['https://other.example/auth-callback']);
    const { AuthenticationResult } = await passwordSignIn(client, appClient.ClientId, email, 'long-enough-1');
    expect(AuthenticationResult?.ExpiresIn).toBe(600);
  });

  it('applies AWS’s default password policy to a pool defined without one', async () => {
    const { Policies: _policies, ...withoutPolicies } = userPool;
    const { client } = await start({ userPool: withoutPolicies, appClient });
    await expect(
      client.send(
        new SignUpCommand({
          ClientId: appClient.ClientId,
          Username: 'b@example.com',
          Password: 'lowercase-only-1',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
  });

  it('refuses ids that are not in Cognito’s form (clients read the region out of the pool id)', async () => {
    await expect(start({ userPool: { ...userPool, Id: 'SellerPool1234' }, appClient })).rejects.toThrow(
      'User pool id "SellerPool1234" is not in Cognito\'s form <region>_<id>',
    );
  });

  it('serves the local defaults, shaped like production’s pool and web client, without definitions', async () => {
    const { cognito: standIn } = await start({});
    expect(standIn.userPoolId).toBe(DEFAULT_USER_POOL.Id);
    expect(standIn.clientId).toBe(DEFAULT_APP_CLIENT.ClientId);
    expect(DEFAULT_APP_CLIENT.ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(DEFAULT_USER_POOL.Policies?.PasswordPolicy).toMatchObject({
      MinimumLength: 8,
      RequireSymbols: false,
    });
  });
});
