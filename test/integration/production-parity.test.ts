/**
 * The local stack refuses what AWS would refuse. A stack of its own is started from the synthesized
 * templates with two things taken away, as a deploy with those bugs would have them:
 * - public-orders without STRIPE_SECRET_KEY_SECRET_ID (a bug this test found once: no paid order could be paid);
 * - the galleries function's role without dynamodb:PutItem;
 * - the orders function's role without secretsmanager:GetSecretValue (its paging secret).
 * Each function holds only its template's environment and signs with its own key, so the paid-order
 * check fails for want of the setting, and creating a gallery is refused by the IAM check, each with
 * the error AWS would log. The shared stack, built from the real templates, does both (other files).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_METADATA_KEY } from '../../infra/constructs/app-function';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { LOCAL_AWS } from '@shutterlane/local-stack/config';
import type { Assembly, CfnResource } from '@shutterlane/aws-standins/cloudformation/assembly';
import type { LocalStack } from '@shutterlane/local-stack/stack';
import { startOwnStack } from '@shutterlane/harness/own-stack';
import { captchaToken } from '@shutterlane/harness/local-stack';
import { srpSignIn } from '@shutterlane/harness/srp-sign-in';

let stack: LocalStack;
let dataDir: string;
let output = '';

/** Every resource of the assembly, with its stack's resources (to find a function's role policy). */
function allResources(assembly: Assembly): [string, CfnResource, Record<string, CfnResource>][] {
  return [...assembly.stacks.values()].flatMap((artifact) =>
    Object.entries(artifact.template.Resources).map(
      ([id, resource]) =>
        [id, resource, artifact.template.Resources] as [string, CfnResource, Record<string, CfnResource>],
    ),
  );
}

function appFunction(assembly: Assembly, name: string) {
  const found = allResources(assembly).find(
    ([, resource]) => resource.Metadata?.[FUNCTION_METADATA_KEY] === name,
  );
  if (!found) throw new Error(`No ${name} function in the templates`);
  return found;
}

function withoutStripeKey(assembly: Assembly): void {
  const [, fn] = appFunction(assembly, 'public-orders');
  const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
  expect(variables.STRIPE_SECRET_KEY_SECRET_ID).toBeDefined();
  delete variables.STRIPE_SECRET_KEY_SECRET_ID;
}

/** Takes `action` out of every statement of the function's role policy. */
function withoutAction(assembly: Assembly, name: string, action: string): void {
  const [, fn, resources] = appFunction(assembly, name);
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  const policy = Object.values(resources).find(
    (resource) =>
      resource.Type === 'AWS::IAM::Policy' &&
      JSON.stringify(resource.Properties!.Roles) === JSON.stringify([{ Ref: roleId }]),
  )!;
  const statements = (policy.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] })
    .Statement;
  let removed = 0;
  for (const statement of statements) {
    const actions = ([] as string[]).concat(statement.Action);
    statement.Action = actions.filter((granted) => granted !== action);
    removed += actions.length - statement.Action.length;
  }
  expect(removed).toBeGreaterThan(0);
}

const api = (route: string, init: RequestInit = {}) =>
  fetch(`${stack.urls.api}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

/** A paid order and its seller, written as the operator (this stack has no demo seed). */
async function paidOrder(): Promise<string> {
  const env = stack.operatorEnv;
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: LOCAL_AWS.region, credentials: LOCAL_AWS }),
  );
  const sellerId = 'parity-seller';
  await documents.send(
    new PutCommand({
      TableName: env.USERS_TABLE,
      Item: {
        userId: sellerId,
        email: 'parity@example.com',
        createdAt: new Date().toISOString(),
        stripeAccountId: 'acct_parity',
        chargesEnabled: true,
      },
    }),
  );
  const now = new Date();
  const orderId = 'ParityOrder0123456789A';
  await documents.send(
    new PutCommand({
      TableName: env.ORDERS_TABLE,
      Item: {
        orderId,
        sellerId,
        galleryId: 'g-parity',
        photoIds: [],
        currency: 'GBP',
        totalMinor: 1500,
        orderType: 'PAID_ORDER',
        status: 'PENDING',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
    }),
  );
  documents.destroy();
  return orderId;
}

/** An ID token of a new seller of this stack's pool (made once). */
let sellerTokenMade: Promise<string> | undefined;
const sellerToken = (): Promise<string> => (sellerTokenMade ??= newSellerToken());

async function newSellerToken(): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: LOCAL_AWS.region,
    credentials: LOCAL_AWS,
  });
  const pool = { UserPoolId: stack.cognito.userPoolId, Username: 'parity.seller@example.com' };
  const password = 'Parity-password-1';
  await client.send(
    new AdminCreateUserCommand({
      ...pool,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: pool.Username },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ ...pool, Password: password, Permanent: true }));
  const tokens = await srpSignIn(client, stack.cognito, pool.Username, password);
  return tokens.IdToken;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-parity-'));
  stack = await startOwnStack({
    dataDir,
    alterTemplates: (assembly) => {
      withoutStripeKey(assembly);
      withoutAction(assembly, 'galleries', 'dynamodb:PutItem');
      withoutAction(assembly, 'orders', 'secretsmanager:GetSecretValue');
    },
    onFunctionOutput: (_definition, text) => void (output += text),
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a function gets only what its template gives it', () => {
  it('fails the paid-order check when public-orders lacks the Stripe key, as it would in AWS', async () => {
    const orderId = await paidOrder();
    const token = await captchaToken(stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);
    const answer = await api(`/public/orders/${orderId}`, {
      method: 'POST',
      body: JSON.stringify({ captchaToken: token }),
    });
    expect(answer.status).toBe(500);
    expect(output).toContain('Invalid Stripe configuration in the environment: STRIPE_SECRET_KEY_SECRET_ID');
  });

  it('refuses a DynamoDB call its role does not allow, with AWS AccessDenied', async () => {
    const answer = await api('/galleries', {
      method: 'POST',
      headers: { authorization: `Bearer ${await sellerToken()}` },
      body: JSON.stringify({ albumName: 'Refused' }),
    });
    expect(answer.status).toBe(500);
    expect(output).toMatch(
      /AccessDeniedException.*is not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:eu-west-2:000000000000:table\/Shutterlane-Data-GalleriesTable/,
    );
  });

  it('refuses a secret its role may not read, with AWS AccessDenied, and answers 503', async () => {
    const answer = await api('/orders?nextToken=any', {
      headers: { authorization: `Bearer ${await sellerToken()}` },
    });
    expect(answer.status).toBe(503);
    // The first secret the function reads is the origin-verify one (every API request), then its paging secret.
    expect(output).toMatch(
      /AccessDeniedException.*is not authorized to perform: secretsmanager:GetSecretValue on resource: arn:aws:secretsmanager:eu-west-2:000000000000:secret:Shutterlane-(Api-OriginVerifySecret|Data-PagingTokenSecret)/,
    );
  });
});
