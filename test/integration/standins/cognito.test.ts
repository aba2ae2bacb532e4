/**
 * The Cognito stand-in with the real Cognito SDK and jose, as the SPA (Amplify) and the local
 * gateway (JWT authorizer) use it, including the operations cognito-local lacks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCognito,
  type CodeDelivery,
  type CognitoStandIn,
} from '@shutterlane/aws-standins/cognito/cognito';

const password = 'Correct-horse-9';
let dataDir: string;
let cognito: CognitoStandIn;
let client: CognitoIdentityProviderClient;
const deliveries: CodeDelivery[] = [];

const start = async () => {
  cognito = await startCognito({ port: 0, dataDir, onCode: (delivery) => void deliveries.push(delivery) });
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-'));
  await start();
});
afterAll(async () => {
  await cognito.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let emailCount = 0;
const newEmail = () => `seller${++emailCount}.${Date.now()}@example.com`;

const signUp = (email: string) =>
  client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password }));

const signIn = async (email: string) => {
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (
    !AuthenticationResult?.AccessToken ||
    !AuthenticationResult.IdToken ||
    !AuthenticationResult.RefreshToken
  ) {
    throw new Error('sign-in returned no tokens');
  }
  return AuthenticationResult as {
    AccessToken: string;
    IdToken: string;
    RefreshToken: string;
    ExpiresIn?: number;
  };
};

async function confirmedUser(): Promise<string> {
  const email = newEmail();
  await signUp(email);
  const code = cognito.lastCode(email);
  await client.send(
    new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code }),
  );
  return email;
}

const refresh = (refreshToken: string) =>
  client.send(
    new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }),
  );

describe('Cognito stand-in', () => {
  it('signs up, delivers a code that confirms, and signs in with verifiable RS256 tokens', async () => {
    const email = newEmail();
    const signedUp = await signUp(email);
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const code = cognito.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(deliveries.at(-1)).toMatchObject({ source: 'SignUp', destination: email, code });

    await client.send(
      new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code }),
    );
    const tokens = await signIn(email);
    expect(tokens.ExpiresIn).toBe(3600);

    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const { payload: idClaims, protectedHeader } = await jwtVerify(tokens.IdToken, jwks, {
      issuer: cognito.issuer,
      audience: cognito.clientId,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(idClaims).toMatchObject({ email, token_use: 'id', sub: signedUp.UserSub });
    expect(cognito.issuer).toBe(`${cognito.url}/${cognito.userPoolId}`);
    const { payload: accessClaims } = await jwtVerify(tokens.AccessToken, jwks, { issuer: cognito.issuer });
    expect(accessClaims).toMatchObject({ token_use: 'access', client_id: cognito.clientId });
  });

  it('refuses a wrong password the way AWS does', async () => {
    const email = await confirmedUser();
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'wrong-password' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refuses the server-side sign-in (AdminInitiateAuth) for a client that does not allow it', async () => {
    const email = newEmail();
    const adminSignIn = (clientId: string, password: string) =>
      client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: cognito.userPoolId,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        TemporaryPassword: 'Temporary-pass-1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    // The default client allows the browser flows only, as the SPA's does not allow plain passwords.
    await expect(adminSignIn(cognito.clientId, 'Temporary-pass-1')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'ADMIN_USER_PASSWORD_AUTH flow not enabled for this client',
    });
  });

  it('refreshes through GetTokensFromRefreshToken (Amplify 6) with fresh, valid tokens', async () => {
    const email = await confirmedUser();
    const tokens = await signIn(email);
    const { AuthenticationResult } = await refresh(tokens.RefreshToken);
    expect(AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const { payload } = await jwtVerify(AuthenticationResult?.IdToken ?? '', jwks, {
      issuer: cognito.issuer,
    });
    expect(payload.email).toBe(email);
    await expect(refresh('not-a-refresh-token')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers GlobalSignOut with 200; the refresh and access tokens stop working, the ID token still verifies', async () => {
    const email = await confirmedUser();
    const tokens = await signIn(email);
    const user = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: email });
    const output = await client.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    expect(output.$metadata.httpStatusCode).toBe(200);
    await expect(refresh(tokens.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // As documented for GlobalSignOut: Cognito refuses the revoked access token...
    await expect(client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // ...while a JWT authorizer, which checks only the signature, accepts the ID token until it expires.
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    await expect(jwtVerify(tokens.IdToken, jwks, { issuer: cognito.issuer })).resolves.toBeTruthy();
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: 'forged' }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });

  it('refuses a forged access token where cognito-local would only decode it', async () => {
    const email = await confirmedUser();
    const { AccessToken } = await signIn(email);
    const [header, payload] = AccessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    await expect(client.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });

  it('accepts AdminUserGlobalSignOut and RevokeToken', async () => {
    const email = await confirmedUser();
    const first = await signIn(email);
    const admin = await client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: email }),
    );
    expect(admin.$metadata.httpStatusCode).toBe(200);
    await expect(refresh(first.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const second = await signIn(email);
    await client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: second.RefreshToken }));
    await expect(refresh(second.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const again = await client.send(
      new RevokeTokenCommand({ ClientId: cognito.clientId, Token: second.RefreshToken }),
    );
    expect(again.$metadata.httpStatusCode).toBe(200);
  });

  it('resends a fresh confirmation code that confirms the user', async () => {
    const email = newEmail();
    await signUp(email);
    const firstCode = cognito.lastCode(email);
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }),
    );
    expect(resent.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    });
    const newCode = cognito.lastCode(email);
    expect(deliveries.at(-1)).toMatchObject({ source: 'ResendCode', destination: email, code: newCode });
    if (newCode !== firstCode) {
      await expect(
        client.send(
          new ConfirmSignUpCommand({
            ClientId: cognito.clientId,
            Username: email,
            ConfirmationCode: firstCode,
          }),
        ),
      ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await client.send(
      new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: newCode }),
    );
    await expect(signIn(email)).resolves.toHaveProperty('IdToken');
    await expect(
      client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('delivers a password reset code that sets a new password', async () => {
    const email = await confirmedUser();
    await client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
    expect(deliveries.at(-1)).toMatchObject({ source: 'ForgotPassword', destination: email });
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: cognito.clientId,
        Username: email,
        ConfirmationCode: cognito.lastCode(email),
        Password: 'New-password-42',
      }),
    );
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'New-password-42' },
      }),
    );
    expect(AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('answers unknown usernames as PreventUserExistenceErrors makes AWS answer, sending nothing', async () => {
    const nobody = newEmail();
    const before = deliveries.length;
    const simulated = {
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: `s***@e***`,
      },
    };
    const reset = await client.send(
      new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: nobody }),
    );
    expect(reset).toMatchObject(simulated);
    const resend = await client.send(
      new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: nobody }),
    );
    expect(resend).toMatchObject(simulated);
    const wrongCode = { name: 'CodeMismatchException' };
    await expect(
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: cognito.clientId,
          Username: nobody,
          ConfirmationCode: '123456',
          Password: password,
        }),
      ),
    ).rejects.toMatchObject(wrongCode);
    await expect(
      client.send(
        new ConfirmSignUpCommand({
          ClientId: cognito.clientId,
          Username: nobody,
          ConfirmationCode: '123456',
        }),
      ),
    ).rejects.toMatchObject(wrongCode);
    expect(deliveries).toHaveLength(before);
  });

  it('answers CORS preflights and the OpenID configuration for the browser', async () => {
    const preflight = await fetch(`${cognito.url}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');

    const openId = await fetch(`${cognito.url}/${cognito.userPoolId}/.well-known/openid-configuration`);
    expect(await openId.json()).toMatchObject({ issuer: cognito.issuer, jwks_uri: cognito.jwksUrl });
  });

  it('keeps the pool, the client and the users across a restart with the same data dir', async () => {
    const email = await confirmedUser();
    const before = { userPoolId: cognito.userPoolId, clientId: cognito.clientId };
    await cognito.stop();
    await start();
    expect({ userPoolId: cognito.userPoolId, clientId: cognito.clientId }).toEqual(before);
    await expect(signIn(email)).resolves.toHaveProperty('AccessToken');
  });
});
