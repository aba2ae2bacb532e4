/**
 * The Cognito stand-in hands every IAM-authenticated call (Admin*, ListUsers, DescribeUserPool, ...)
 * to `authorizeIamCall` before running it, and sends its refusal as is; the operations AWS serves
 * without IAM (SignUp, InitiateAuth, GetUser, ...) never reach it. A fake authorizer stands for the
 * local stack's policy evaluation here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCognito, type CognitoStandIn, type IamCall } from '@shutterlane/aws-standins/cognito/cognito';

const ACCESS_DENIED = {
  __type: 'AccessDeniedException',
  message:
    'User: arn:aws:sts::000000000000:assumed-role/users/users is not authorized to perform: ' +
    'cognito-idp:AdminDeleteUser on resource: arn:aws:cognito-idp:eu-west-2:000000000000:userpool/eu-west-2_shutterlane ' +
    'because no identity-based policy allows the cognito-idp:AdminDeleteUser action',
};

let dataDir: string;
let cognito: CognitoStandIn;
let client: CognitoIdentityProviderClient;
const calls: IamCall[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-cognito-iam-'));
  cognito = await startCognito({
    port: 0,
    dataDir,
    onCode: () => undefined,
    // Allows everything but AdminDeleteUser, as a policy without that action would.
    authorizeIamCall: (call) => {
      calls.push(call);
      return Promise.resolve(
        call.operation === 'AdminDeleteUser' ? { status: 400, body: ACCESS_DENIED } : null,
      );
    },
  });
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'AKIDLOCALFUNCTION', secretAccessKey: 'local-secret' },
  });
});
beforeEach(() => {
  calls.length = 0;
});
afterAll(async () => {
  await cognito.stop();
  await rm(dataDir, { recursive: true, force: true });
});

let count = 0;
const newEmail = () => `iam-${++count}-${Date.now()}@example.com`;

describe('IAM on the Cognito stand-in', () => {
  it('passes an allowed admin call to the authorizer as signed, then runs it', async () => {
    const email = newEmail();
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
      }),
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ operation: 'AdminCreateUser', method: 'POST', url: '/' });
    expect(call?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminCreateUser');
    expect(call?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDLOCALFUNCTION\/\d{8}\/eu-west-2\/cognito-idp\//,
    );
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ UserPoolId: cognito.userPoolId, Username: email });
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }),
    );
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('answers a refused call with the authorizer’s error, and the call does nothing', async () => {
    const email = newEmail();
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
      }),
    );
    const refused = client.send(
      new AdminDeleteUserCommand({ UserPoolId: cognito.userPoolId, Username: email }),
    );
    await expect(refused).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: ACCESS_DENIED.message,
      $metadata: { httpStatusCode: 400 },
    });
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })),
    ).resolves.toMatchObject({ Username: expect.any(String) });
  });

  it('asks about the other IAM-authenticated operations too (DescribeUserPool)', async () => {
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: cognito.userPoolId }));
    expect(UserPool?.Id).toBe(cognito.userPoolId);
    expect(calls.map((call) => call.operation)).toEqual(['DescribeUserPool']);
  });

  it('never asks about the operations AWS serves without IAM', async () => {
    const email = newEmail();
    await client.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'Correct-horse-9' }),
    );
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'Correct-horse-9' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    expect(calls).toEqual([]);
  });
});
