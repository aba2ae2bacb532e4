/**
 * authorizeIamCall, as the Cognito stand-in uses it for IAM-authorized operations, checked with the
 * real Cognito SDK signing real requests against a tiny server that calls it.
 */
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPoolArn } from '@shutterlane/aws-standins/iam/arn';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import { authorizeIamCall, cognitoOperationNeedsIam } from '@shutterlane/aws-standins/cognito/sigv4-cognito';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';

const pool = 'eu-west-2_SELLERS';
const otherPool = 'eu-west-2_OTHER';
const users = functionPrincipal('users', 'UsersRole', [
  { Effect: 'Allow', Action: ['cognito-idp:AdminGetUser'], Resource: userPoolArn(pool) },
]);
const operator = { kind: 'operator' as const, arn: 'arn:aws:iam::000000000000:user/operator' };
const identities = staticIdentityStore([
  { accessKeyId: 'AKIDUSERS', secretAccessKey: 'users-secret', principal: users },
  { accessKeyId: 'AKIDOPERATOR', secretAccessKey: 'operator-secret', principal: operator },
]);

/** Answers every operation the stand-in would serve with a fixed success, once authorized. */
const server = http.createServer((req, res) => {
  void (async () => {
    const body = await buffer(req);
    const operation = String(req.headers['x-amz-target']).split('.')[1] ?? '';
    const refusal = cognitoOperationNeedsIam(operation)
      ? await authorizeIamCall(identities, {
          operation,
          method: req.method ?? 'POST',
          url: req.url ?? '/',
          headers: req.headers,
          body,
        })
      : null;
    const [status, answer] = refusal
      ? [refusal.status, refusal.body]
      : [200, { Username: 'ann', UserAttributes: [] }];
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(answer));
  })();
});

let endpoint: string;
const clients: CognitoIdentityProviderClient[] = [];
const clientAs = (accessKeyId: string, secretAccessKey: string) => {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  endpoint = `http://127.0.0.1:${await listenOn(server, 0, 'test Cognito', 'NONE', '127.0.0.1')}`;
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await closeServer(server);
});

describe('authorizeIamCall', () => {
  it('lets a function call an operation its policy allows on the pool', async () => {
    const answer = await clientAs('AKIDUSERS', 'users-secret').send(
      new AdminGetUserCommand({ UserPoolId: pool, Username: 'ann' }),
    );
    expect(answer.Username).toBe('ann');
  });

  it('refuses another pool and another operation with AccessDeniedException in AWS words', async () => {
    const client = clientAs('AKIDUSERS', 'users-secret');
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: otherPool, Username: 'ann' })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 400 },
      message: `User: ${users.arn} is not authorized to perform: cognito-idp:AdminGetUser on resource: ${userPoolArn(otherPool)} because no identity-based policy allows the cognito-idp:AdminGetUser action`,
    });
    await expect(
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool,
          Username: 'ann',
          Password: 'x',
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(`cognito-idp:AdminSetUserPassword on resource: ${userPoolArn(pool)}`),
    });
  });

  it('checks an operation without a pool against the resource *', async () => {
    await expect(
      clientAs('AKIDUSERS', 'users-secret').send(new ListUserPoolsCommand({ MaxResults: 10 })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('cognito-idp:ListUserPools on resource: * because'),
    });
    await expect(
      clientAs('AKIDOPERATOR', 'operator-secret').send(new ListUserPoolsCommand({ MaxResults: 10 })),
    ).resolves.toBeDefined();
  });

  it('refuses an unknown key and a wrong secret as Cognito does', async () => {
    const get = new AdminGetUserCommand({ UserPoolId: pool, Username: 'ann' });
    await expect(clientAs('AKIDNOBODY', 'x').send(get)).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(clientAs('AKIDUSERS', 'wrong').send(get)).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('is not asked for the public operations, which the SDK sends unsigned', async () => {
    expect(cognitoOperationNeedsIam('InitiateAuth')).toBe(false);
    expect(cognitoOperationNeedsIam('SignUp')).toBe(false);
    expect(cognitoOperationNeedsIam('AdminGetUser')).toBe(true);
    expect(cognitoOperationNeedsIam('AdminUserGlobalSignOut')).toBe(true);
    const answer = await clientAs('AKIDNOBODY', 'x').send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'c', AuthParameters: {} }),
    );
    expect(answer.$metadata.httpStatusCode).toBe(200);
  });
});

describe('authorizeIamCall without a server', () => {
  it('answers an unsigned call of an IAM operation with MissingAuthenticationTokenException', async () => {
    const refusal = await authorizeIamCall(identities, {
      operation: 'AdminGetUser',
      method: 'POST',
      url: '/',
      headers: { host: 'localhost', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser' },
      body: JSON.stringify({ UserPoolId: pool, Username: 'ann' }),
    });
    expect(refusal).toEqual({
      status: 400,
      body: {
        __type: 'MissingAuthenticationTokenException',
        message: 'Request is missing Authentication Token',
      },
    });
  });
});
