/**
 * The local Secrets Manager answers the real SDK as AWS does: a secret by name, complete ARN or
 * partial ARN; AWS's errors for what does not exist; the signature checked; and the caller's IAM
 * policy deciding, before anything is said about the secret, with a grant shaped as the stacks make it
 * (`<name>-??????` for a named secret, the complete ARN for a generated one). Then, in the shared local
 * stack, the webhook function reads its signing secret through the stand-in with its own key.
 */
import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeWebhookEnv } from '../../../functions/lib/env';
import { LOCAL_ACCOUNT } from '@shutterlane/local-stack/config';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import {
  startSecretsManager,
  type SecretsManagerStandIn,
} from '@shutterlane/aws-standins/secrets-manager/secrets-manager';
import {
  SecretStore,
  type StoredSecret,
} from '@shutterlane/aws-standins/secrets-manager/secrets-manager-store';
import { secretValue } from '@shutterlane/harness/secrets';
import { localStack } from '@shutterlane/harness/worker-stack';

const store = new SecretStore(LOCAL_ACCOUNT);
const PREFIX = store.arnPrefix;

const stripeKey = store.add({ name: 'shutterlane/stripe-secret-key', value: 'sk_test_standin' });
// A different secret whose name merely starts like the Stripe key's: the grant must not reach it.
const lookalike = store.add({ name: 'shutterlane/stripe-secret-key-old', value: 'sk_test_old' });
const paging = store.add({
  name: 'Shutterlane-Data-PagingTokenSecret',
  value: 'generated-paging-secret-0123456789',
  arn: `${PREFIX}Shutterlane-Data-PagingTokenSecret-Ab12Cd`,
  description: 'Signs the opaque nextToken of paged lists',
});
// Secrets Manager's documented trap: a complete ARN that is also another secret's partial ARN.
const shortName = store.add({
  name: 'shutterlane/captcha',
  value: 'the short-named one',
  arn: `${PREFIX}shutterlane/captcha-secret`,
});
const longName = store.add({ name: 'shutterlane/captcha-secret', value: 'the long-named one' });

/** Roles as the stacks grant them: the checkout function's and the galleries function's. */
const checkoutRole = functionPrincipal('checkout', 'CheckoutRole', [
  {
    Effect: 'Allow',
    Action: 'secretsmanager:GetSecretValue',
    Resource: `${PREFIX}shutterlane/stripe-secret-key-??????`,
  },
]);
const galleriesRole = functionPrincipal('galleries', 'GalleriesRole', [
  { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: paging.arn },
]);
const KEYS = {
  checkout: { accessKeyId: 'ASIACHECKOUT', secretAccessKey: 'checkout-secret' },
  galleries: { accessKeyId: 'ASIAGALLERIES', secretAccessKey: 'galleries-secret' },
  operator: { accessKeyId: 'AKIAOPERATOR', secretAccessKey: 'operator-secret' },
};
const identities = staticIdentityStore([
  { ...KEYS.checkout, principal: checkoutRole },
  { ...KEYS.galleries, principal: galleriesRole },
  { ...KEYS.operator, principal: { kind: 'operator', arn: 'arn:aws:iam::000000000000:user/operator' } },
]);

let standIn: SecretsManagerStandIn;
const clients: SecretsManagerClient[] = [];

const as = (credentials: { accessKeyId: string; secretAccessKey: string }) => {
  const client = new SecretsManagerClient({
    endpoint: standIn.url,
    region: LOCAL_ACCOUNT.region,
    credentials,
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
};

const get = (client: SecretsManagerClient, SecretId: string, extra: object = {}) =>
  client.send(new GetSecretValueCommand({ SecretId, ...extra }));

const valueOf = (secret: StoredSecret) => ({
  ARN: secret.arn,
  Name: secret.name,
  SecretString: secret.value,
  VersionId: secret.versionId,
  VersionStages: ['AWSCURRENT'],
});

beforeAll(async () => {
  standIn = await startSecretsManager({ port: 0, identities, secrets: store });
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await standIn?.stop();
});

describe('GetSecretValue', () => {
  it('gives a secret by its name, its complete ARN or its partial ARN', async () => {
    const checkout = as(KEYS.checkout);
    expect(stripeKey.arn).toMatch(new RegExp(`^${PREFIX}shutterlane/stripe-secret-key-[A-Za-z0-9]{6}$`));
    for (const id of [stripeKey.name, stripeKey.arn, `${PREFIX}${stripeKey.name}`]) {
      const answer = await get(checkout, id);
      expect(answer, id).toMatchObject(valueOf(stripeKey));
      expect(answer.CreatedDate, id).toBeInstanceOf(Date);
    }
    expect(await get(as(KEYS.galleries), paging.arn)).toMatchObject(valueOf(paging));
  });

  it('takes a complete ARN before a partial one, as Secrets Manager does', async () => {
    const operator = as(KEYS.operator);
    expect((await get(operator, `${PREFIX}shutterlane/captcha-secret`)).SecretString).toBe(shortName.value);
    expect((await get(operator, 'shutterlane/captcha-secret')).SecretString).toBe(longName.value);
    expect((await get(operator, longName.arn)).SecretString).toBe(longName.value);
  });

  it('answers ResourceNotFoundException for a secret, version or label that is not there', async () => {
    const operator = as(KEYS.operator);
    const notFound = (message: string) => ({
      name: 'ResourceNotFoundException',
      message,
      $metadata: expect.objectContaining({ httpStatusCode: 400 }) as unknown,
    });
    const missing = notFound("Secrets Manager can't find the specified secret.");
    await expect(get(operator, 'shutterlane/nothing')).rejects.toMatchObject(missing);
    // A wrong suffix, and an ARN of another account, name nothing either.
    await expect(get(operator, `${stripeKey.arn.slice(0, -6)}XXXXXX`)).rejects.toMatchObject(missing);
    await expect(
      get(operator, `arn:aws:secretsmanager:eu-west-2:111111111111:secret:${stripeKey.name}`),
    ).rejects.toMatchObject(missing);
    await expect(get(operator, stripeKey.name, { VersionStage: 'AWSPREVIOUS' })).rejects.toMatchObject(
      notFound("Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS"),
    );
    const unknownVersion = '00000000-0000-4000-8000-000000000000';
    await expect(get(operator, stripeKey.name, { VersionId: unknownVersion })).rejects.toMatchObject(
      notFound(`Secrets Manager can't find the specified secret value for VersionId: ${unknownVersion}`),
    );
    const current = { VersionId: stripeKey.versionId, VersionStage: 'AWSCURRENT' };
    expect((await get(operator, stripeKey.name, current)).SecretString).toBe(stripeKey.value);
  });
});

describe('IAM', () => {
  const deniedMessage = (principalArn: string, action: string, secretId: string) =>
    `User: ${principalArn} is not authorized to perform: ${action} on resource: ${secretId} because no identity-based policy allows the ${action} action`;

  it('refuses a secret outside the grant with AccessDeniedException, naming it as the caller did', async () => {
    const checkout = as(KEYS.checkout);
    for (const id of [paging.arn, lookalike.name, longName.name]) {
      await expect(get(checkout, id), id).rejects.toMatchObject({
        name: 'AccessDeniedException',
        message: deniedMessage(checkoutRole.arn, 'secretsmanager:GetSecretValue', id),
        $metadata: expect.objectContaining({ httpStatusCode: 400 }) as unknown,
      });
    }
  });

  it('says nothing about existence to a caller without the grant', async () => {
    await expect(get(as(KEYS.checkout), 'shutterlane/nothing')).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
  });

  it('checks each action: a GetSecretValue grant does not allow DescribeSecret', async () => {
    const describe = (client: SecretsManagerClient) =>
      client.send(new DescribeSecretCommand({ SecretId: paging.arn }));
    await expect(describe(as(KEYS.galleries))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: deniedMessage(galleriesRole.arn, 'secretsmanager:DescribeSecret', paging.arn),
    });
    const described = await describe(as(KEYS.operator));
    expect(described).toMatchObject({
      ARN: paging.arn,
      Name: paging.name,
      Description: paging.description,
      VersionIdsToStages: { [paging.versionId]: ['AWSCURRENT'] },
    });
    expect(described).not.toHaveProperty('SecretString');
  });
});

describe('signatures and operations', () => {
  it('refuses an unknown key, a wrong secret key and an unsigned request', async () => {
    await expect(
      get(as({ accessKeyId: 'ASIANOBODY', secretAccessKey: 'x' }), stripeKey.name),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    await expect(
      get(as({ accessKeyId: KEYS.checkout.accessKeyId, secretAccessKey: 'not-its-key' }), stripeKey.name),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    const unsigned = await fetch(standIn.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body: JSON.stringify({ SecretId: stripeKey.name }),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
  });

  it('changes nothing: operations that write are unknown here', async () => {
    const put = new PutSecretValueCommand({ SecretId: stripeKey.name, SecretString: 'sk_test_new' });
    await expect(as(KEYS.operator).send(put)).rejects.toMatchObject({ name: 'UnknownOperationException' });
    expect(store.valueOf(stripeKey.name)).toBe('sk_test_standin');
  });
});

describe('in the local stack', () => {
  it("holds the webhook signing secret the webhook function verifies with, read with the function's own key", async () => {
    const { urls } = localStack();
    const secret = await secretValue(stripeWebhookEnv().STRIPE_WEBHOOK_SECRET_ID);
    expect(secret).toMatch(/^whsec_/);
    const payload = JSON.stringify({
      id: `evt_secrets_${Date.now()}`,
      object: 'event',
      type: 'shutterlane.secrets_check',
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
      livemode: false,
    });
    const deliver = (signingSecret: string) =>
      fetch(`${urls.api}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
            payload,
            secret: signingSecret,
          }),
        },
        body: payload,
      });
    // Accepted (an unknown type is acknowledged) only when signed with the stand-in's secret.
    expect((await deliver(secret)).status).toBe(200);
    expect((await deliver('whsec_not_the_stored_one')).status).toBe(400);
  });
});
