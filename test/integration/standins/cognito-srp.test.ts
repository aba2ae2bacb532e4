/**
 * SRP sign-in against the Cognito stand-in with the real client: Amplify v6's `signIn` with
 * USER_SRP_AUTH, run in Node (fetch, WebCrypto and Amplify's in-memory storage), as production's
 * SPA signs sellers in; then its refresh and global sign-out. Protocol faults a well-behaved client
 * never makes (a forged claim, a replayed secret block) are sent with the Cognito SDK.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startCognito,
  DEFAULT_APP_CLIENT,
  type CognitoStandIn,
} from '@shutterlane/aws-standins/cognito/cognito';
import { srpClient } from '@shutterlane/harness/srp-sign-in';

const password = 'Correct-horse-9';
let dataDir: string;
let cognito: CognitoStandIn;
let sdk: CognitoIdentityProviderClient;

const configureAmplify = (standIn: CognitoStandIn) =>
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: standIn.userPoolId,
        userPoolClientId: standIn.clientId,
        userPoolEndpoint: standIn.url,
      },
    },
  });

beforeAll(async () => {
  // Amplify warns on every call that the pool endpoint is a custom one: here it always is.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-srp-'));
  cognito = await startCognito({ port: 0, dataDir, onCode: () => undefined });
  sdk = new CognitoIdentityProviderClient({
    endpoint: cognito.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  configureAmplify(cognito);
});
afterEach(async () => {
  await signOut();
  configureAmplify(cognito);
});
afterAll(async () => {
  await cognito.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const newEmail = () => `srp-${randomBytes(6).toString('hex')}@example.com`;

async function signedUpUser(confirm = true): Promise<string> {
  const email = newEmail();
  await sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password }));
  if (confirm) {
    const code = cognito.lastCode(email);
    await sdk.send(
      new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code }),
    );
  }
  return email;
}

const srpSignIn = (username: string, secret = password) =>
  signIn({ username, password: secret, options: { authFlowType: 'USER_SRP_AUTH' } });

async function currentTokens() {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken || !tokens.accessToken) throw new Error('Amplify holds no tokens');
  return { idToken: tokens.idToken.toString(), accessToken: tokens.accessToken.toString() };
}

describe('SRP sign-in (Amplify v6, USER_SRP_AUTH)', () => {
  it('signs in, and its tokens verify like every other token of the pool', async () => {
    const email = await signedUpUser();
    await expect(srpSignIn(email)).resolves.toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { idToken, accessToken } = await currentTokens();
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const { payload: id } = await jwtVerify(idToken, jwks, {
      issuer: cognito.issuer,
      audience: cognito.clientId,
    });
    expect(id).toMatchObject({ email, token_use: 'id', email_verified: true });
    expect(id['cognito:username']).toBe(id.sub);
    const { payload: access } = await jwtVerify(accessToken, jwks, { issuer: cognito.issuer });
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: cognito.clientId,
      scope: 'aws.cognito.signin.user.admin',
      username: id.sub,
    });
    expect(access.auth_time).toBe(id.auth_time);
  });

  it('issues the same claims as USER_PASSWORD_AUTH', async () => {
    const email = await signedUpUser();
    await srpSignIn(email);
    const srp = await currentTokens();
    const { AuthenticationResult } = await sdk.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const claimNames = (token: string | undefined) => Object.keys(decodeJwt(token ?? '')).sort();
    expect(claimNames(srp.idToken)).toEqual(claimNames(AuthenticationResult?.IdToken));
    expect(claimNames(srp.accessToken)).toEqual(claimNames(AuthenticationResult?.AccessToken));
  });

  it('refreshes (fetchAuthSession forceRefresh) within the same sign-in, and global sign-out ends it', async () => {
    const email = await signedUpUser();
    await srpSignIn(email);
    const before = await currentTokens();
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    const after = {
      idToken: tokens?.idToken?.toString() ?? '',
      accessToken: tokens?.accessToken?.toString() ?? '',
    };
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(decodeJwt(after.accessToken)).toMatchObject({
      origin_jti: decodeJwt(before.accessToken).origin_jti,
      auth_time: decodeJwt(before.accessToken).auth_time,
    });
    await sdk.send(new GetUserCommand({ AccessToken: after.accessToken }));

    await signOut({ global: true });
    await expect(fetchAuthSession()).resolves.toMatchObject({ tokens: undefined });
    await expect(sdk.send(new GetUserCommand({ AccessToken: after.accessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const email = await signedUpUser();
    const refusal = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    await expect(srpSignIn(email, 'Wrong-horse-9')).rejects.toMatchObject(refusal);
    await expect(srpSignIn(newEmail())).rejects.toMatchObject(refusal);
  });

  it('sends an unconfirmed user to confirm the sign-up (UserNotConfirmedException)', async () => {
    const email = await signedUpUser(false);
    await expect(srpSignIn(email)).resolves.toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
  });

  it('asks a user with a temporary password for a new one that meets the policy', async () => {
    const email = newEmail();
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        TemporaryPassword: 'Temporary-pass-1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await expect(srpSignIn(email, 'Temporary-pass-1')).resolves.toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    });
    await expect(confirmSignIn({ challengeResponse: 'Chosen-password-2' })).resolves.toMatchObject({
      isSignedIn: true,
    });
    await signOut();
    await expect(srpSignIn(email, 'Chosen-password-2')).resolves.toMatchObject({ isSignedIn: true });
  });

  it('is refused for an app client without ALLOW_USER_SRP_AUTH, as Cognito refuses it', async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-nosrp-'));
    const passwordOnly = await startCognito({
      port: 0,
      dataDir: otherDir,
      onCode: () => undefined,
      appClient: {
        ...DEFAULT_APP_CLIENT,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      },
    });
    try {
      configureAmplify(passwordOnly);
      await expect(srpSignIn('anyone@example.com')).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: 'USER_SRP_AUTH flow not enabled for this client',
      });
    } finally {
      await passwordOnly.stop();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe('SRP protocol faults (Cognito SDK and a minimal SRP client)', () => {
  const initiate = async (username: string) => {
    const client = srpClient();
    const output = await sdk.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: username, SRP_A: client.srpA },
      }),
    );
    expect(output.ChallengeName).toBe('PASSWORD_VERIFIER');
    const parameters = output.ChallengeParameters ?? {};
    expect(Object.keys(parameters).sort()).toEqual([
      'SALT',
      'SECRET_BLOCK',
      'SRP_B',
      'USERNAME',
      'USER_ID_FOR_SRP',
    ]);
    return { client, parameters };
  };

  const respond = (responses: Record<string, string>) =>
    sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: responses,
      }),
    );

  it('accepts a correct claim once: the secret block cannot be replayed', async () => {
    const email = await signedUpUser();
    const { client, parameters } = await initiate(email);
    const responses = client.claim(cognito.userPoolId, parameters, password);
    const { AuthenticationResult } = await respond(responses);
    expect(AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const refreshed = await sdk.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: cognito.clientId,
        RefreshToken: AuthenticationResult?.RefreshToken,
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(respond(responses)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a forged signature, a bad TIMESTAMP and a missing SRP_A', async () => {
    const email = await signedUpUser();
    const { client, parameters } = await initiate(email);
    const responses = client.claim(cognito.userPoolId, parameters, password);
    await expect(
      respond({ ...responses, PASSWORD_CLAIM_SIGNATURE: randomBytes(32).toString('base64') }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });

    const second = await initiate(email);
    const claim = second.client.claim(cognito.userPoolId, second.parameters, password);
    await expect(respond({ ...claim, TIMESTAMP: new Date().toISOString() })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    await expect(
      sdk.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: email },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter SRP_A',
    });
  });
});
