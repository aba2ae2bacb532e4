/**
 * The local DynamoDB checks each caller as AWS does: its own key's signature, then its IAM policy,
 * answering AWS's own errors; a refused call changes nothing.
 */
import { BatchGetItemCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoIndexArn, dynamoTableArn } from '@shutterlane/aws-standins/iam/arn';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import {
  localDynamoClientConfig,
  startDynamo,
  type LocalDynamo,
} from '@shutterlane/aws-standins/dynamodb/dynamodb';
import { LOCAL_AWS } from '@shutterlane/local-stack/config';

const prefix = 'iam-';
const orders = `${prefix}orders`;
const invites = `${prefix}invites`;
const reader = functionPrincipal('order-reader', 'OrderReaderRole', [
  {
    Effect: 'Allow',
    Action: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'],
    Resource: dynamoTableArn(orders),
  },
]);
const indexReader = functionPrincipal('index-reader', 'IndexReaderRole', [
  {
    Effect: 'Allow',
    Action: 'dynamodb:Query',
    Resource: [dynamoTableArn(orders), `${dynamoTableArn(orders)}/index/*`],
  },
  { Effect: 'Allow', Action: 'dynamodb:*', Resource: dynamoTableArn(invites) },
  { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: dynamoTableArn(invites) },
]);
const identities = staticIdentityStore([
  { ...LOCAL_AWS, principal: { kind: 'operator', arn: 'arn:aws:iam::000000000000:user/operator' } },
  { accessKeyId: 'AKIDREADER', secretAccessKey: 'reader-secret', principal: reader },
  { accessKeyId: 'AKIDINDEX', secretAccessKey: 'index-secret', principal: indexReader },
]);

let dynamo: LocalDynamo;
const clients: DynamoDBClient[] = [];

const clientAs = (
  credentials: { accessKeyId: string; secretAccessKey: string },
  extra: DynamoDBClientConfig = {},
) => {
  const client = new DynamoDBClient({
    ...localDynamoClientConfig(dynamo.url),
    credentials,
    maxAttempts: 1,
    ...extra,
  });
  clients.push(client);
  return DynamoDBDocumentClient.from(client);
};

let operator: DynamoDBDocumentClient;
let asReader: DynamoDBDocumentClient;
let asIndexReader: DynamoDBDocumentClient;

beforeAll(async () => {
  dynamo = await startDynamo({ port: 0, tablePrefix: prefix, identities, readLagMs: 0 });
  operator = clientAs(LOCAL_AWS);
  asReader = clientAs({ accessKeyId: 'AKIDREADER', secretAccessKey: 'reader-secret' });
  asIndexReader = clientAs({ accessKeyId: 'AKIDINDEX', secretAccessKey: 'index-secret' });
  await operator.send(
    new PutCommand({ TableName: orders, Item: { orderId: 'o-1', sellerId: 's-1', createdAt: '2026-01-01' } }),
  );
  await operator.send(new PutCommand({ TableName: invites, Item: { code: 'INV-1' } }));
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await dynamo.stop();
});

const denied = (principal: typeof reader, action: string, resource: string) => ({
  name: 'AccessDeniedException',
  $metadata: { httpStatusCode: 400 },
  message: `User: ${principal.arn} is not authorized to perform: ${action} on resource: ${resource} because no identity-based policy allows the ${action} action`,
});

describe('a function principal', () => {
  it('reads the table its policy allows', async () => {
    const { Item } = await asReader.send(new GetCommand({ TableName: orders, Key: { orderId: 'o-1' } }));
    expect(Item).toMatchObject({ orderId: 'o-1' });
  });

  it('is refused a write there with AWS AccessDeniedException, and nothing is written', async () => {
    await expect(
      asReader.send(new PutCommand({ TableName: orders, Item: { orderId: 'o-evil' } })),
    ).rejects.toMatchObject(denied(reader, 'dynamodb:PutItem', dynamoTableArn(orders)));
    const { Item } = await operator.send(
      new GetCommand({ TableName: orders, Key: { orderId: 'o-evil' }, ConsistentRead: true }),
    );
    expect(Item).toBeUndefined();
  });

  it('is refused another table', async () => {
    await expect(
      asReader.send(new GetCommand({ TableName: invites, Key: { code: 'INV-1' } })),
    ).rejects.toMatchObject(denied(reader, 'dynamodb:GetItem', dynamoTableArn(invites)));
  });

  it('needs the index ARN for an index query: the table ARN alone does not cover it', async () => {
    const query = new QueryCommand({
      TableName: orders,
      IndexName: 'bySeller',
      KeyConditionExpression: 'sellerId = :s',
      ExpressionAttributeValues: { ':s': 's-1' },
    });
    await expect(asReader.send(query)).rejects.toMatchObject(
      denied(reader, 'dynamodb:Query', dynamoIndexArn(orders, 'bySeller')),
    );
    const { Items } = await asIndexReader.send(query);
    expect(Items?.map((item) => item.orderId)).toEqual(['o-1']);
  });

  it('needs the action on every table of a batch', async () => {
    const batch = new BatchGetItemCommand({
      RequestItems: {
        [orders]: { Keys: [{ orderId: { S: 'o-1' } }] },
        [invites]: { Keys: [{ code: { S: 'INV-1' } }] },
      },
    });
    await expect(asReader.send(batch)).rejects.toMatchObject(
      denied(reader, 'dynamodb:BatchGetItem', dynamoTableArn(invites)),
    );
  });

  it('is refused by an explicit Deny despite an Allow of dynamodb:*', async () => {
    await expect(
      asIndexReader.send(new PutCommand({ TableName: invites, Item: { code: 'INV-2' } })),
    ).resolves.toBeDefined();
    await expect(
      asIndexReader.send(new DeleteCommand({ TableName: invites, Key: { code: 'INV-2' } })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: `User: ${indexReader.arn} is not authorized to perform: dynamodb:DeleteItem on resource: ${dynamoTableArn(invites)} with an explicit deny in an identity-based policy`,
    });
  });
});

describe('signatures', () => {
  it('refuses an unknown access key with UnrecognizedClientException', async () => {
    const stranger = clientAs({ accessKeyId: 'AKIDUNKNOWN', secretAccessKey: 'x' });
    await expect(
      stranger.send(new GetCommand({ TableName: orders, Key: { orderId: 'o-1' } })),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('refuses a known key signed with the wrong secret with InvalidSignatureException', async () => {
    const impostor = clientAs({ accessKeyId: 'AKIDREADER', secretAccessKey: 'guessed' });
    await expect(
      impostor.send(new GetCommand({ TableName: orders, Key: { orderId: 'o-1' } })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('refuses a body changed after signing', async () => {
    const tampering = clientAs({ accessKeyId: 'AKIDREADER', secretAccessKey: 'reader-secret' });
    tampering.middlewareStack.add(
      (next) => async (args) => {
        // Runs after signing: the same number of bytes, one character changed.
        const request = args.request as { body?: unknown };
        if (request.body instanceof Uint8Array) {
          request.body = Buffer.from(Buffer.from(request.body).toString('utf8').replace('o-1', 'o-2'));
        }
        return next(args);
      },
      { step: 'deserialize', name: 'tamperAfterSigning' },
    );
    await expect(
      tampering.send(new GetCommand({ TableName: orders, Key: { orderId: 'o-1' } })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
  });

  it('refuses a signature for another region', async () => {
    const elsewhere = clientAs(
      { accessKeyId: 'AKIDREADER', secretAccessKey: 'reader-secret' },
      { region: 'us-east-1' },
    );
    await expect(
      elsewhere.send(new GetCommand({ TableName: orders, Key: { orderId: 'o-1' } })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: "Credential should be scoped to a valid region, not 'us-east-1'.",
    });
  });

  it('lets the operator do anything', async () => {
    await expect(
      operator.send(new PutCommand({ TableName: invites, Item: { code: 'BY-OPERATOR' } })),
    ).resolves.toBeDefined();
  });
});
