/**
 * The local DynamoDB's TransactWriteItems, through the real SDK: all or nothing, conditions judged as
 * the single-item operations judge them, AWS's cancellation reasons and validation errors, conflicts
 * with concurrent transactions, and the ten-minute client request token.
 */
import {
  DynamoDBClient,
  TransactWriteItemsCommand,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localDynamoClientConfig,
  startDynamo,
  type LocalDynamo,
} from '@shutterlane/aws-standins/dynamodb/dynamodb';

let dynamo: LocalDynamo;
let client: DynamoDBClient;
let documents: DynamoDBDocumentClient;
let invites: string;
let photos: string;

beforeAll(async () => {
  dynamo = await startDynamo({ port: 0, tablePrefix: 'tx-', readLagMs: 0 });
  client = new DynamoDBClient(localDynamoClientConfig(dynamo.url));
  documents = DynamoDBDocumentClient.from(client);
  invites = dynamo.tableNames.invites;
  photos = dynamo.tableNames.photos;
});

afterAll(async () => {
  client.destroy();
  await dynamo.stop();
});

const get = async (code: string) =>
  (await documents.send(new GetCommand({ TableName: invites, Key: { code }, ConsistentRead: true }))).Item;

const addUse = (code: string, condition?: string) => ({
  Update: {
    TableName: invites,
    Key: { code },
    UpdateExpression: 'ADD uses :one',
    ...(condition && { ConditionExpression: condition }),
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/** The error a transaction was refused with. */
async function refusal(input: TransactWriteCommandInput): Promise<Error & Record<string, unknown>> {
  const error = await documents.send(new TransactWriteCommand(input)).then(
    () => new Error('the transaction was not refused'),
    (caught: unknown) => caught as Error,
  );
  return error as Error & Record<string, unknown>;
}

describe('TransactWriteItems', () => {
  it('writes every part when every condition holds', async () => {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: invites,
              Item: { code: 'A1', uses: 1 },
              ConditionExpression: 'attribute_not_exists(code)',
            },
          },
          addUse('B1'),
          { Put: { TableName: photos, Item: { galleryId: 'g', photoId: 'p', status: 'READY' } } },
        ],
      }),
    );
    expect(await get('A1')).toEqual({ code: 'A1', uses: 1 });
    expect(await get('B1')).toEqual({ code: 'B1', uses: 1 });
  });

  it('writes nothing when one condition fails, and names it among the reasons in order', async () => {
    await documents.send(new PutCommand({ TableName: invites, Item: { code: 'C1', uses: 5 } }));
    const error = await refusal({
      TransactItems: [
        addUse('C2'),
        {
          ConditionCheck: {
            TableName: invites,
            Key: { code: 'C1' },
            ConditionExpression: 'uses < :max',
            ExpressionAttributeValues: { ':max': 5 },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ],
    });
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
    );
    const reasons = (error as unknown as TransactionCanceledException).CancellationReasons ?? [];
    expect(reasons.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(reasons[1]?.Item).toEqual({ code: { S: 'C1' }, uses: { N: '5' } });
    expect(await get('C2')).toBeUndefined();
    expect(await get('C1')).toEqual({ code: 'C1', uses: 5 });
  });

  it('undoes the parts already written when a later one is refused on writing', async () => {
    await documents.send(new PutCommand({ TableName: invites, Item: { code: 'D2', uses: 'text' } }));
    const error = await refusal({ TransactItems: [addUse('D1'), addUse('D2')] });
    const reasons = (error as unknown as TransactionCanceledException).CancellationReasons ?? [];
    expect(reasons.map((reason) => reason.Code)).toEqual(['None', 'ValidationError']);
    expect(await get('D1')).toBeUndefined();
    expect(await get('D2')).toEqual({ code: 'D2', uses: 'text' });
  });

  it('refuses malformed transactions as AWS does', async () => {
    expect((await refusal({ TransactItems: [addUse('E1'), addUse('E1')] })).message).toBe(
      'Transaction request cannot include multiple operations on one item',
    );
    expect((await refusal({ TransactItems: [] })).name).toBe('ValidationException');
    const tooMany = Array.from({ length: 101 }, (_, index) => addUse(`F${index}`));
    expect((await refusal({ TransactItems: tooMany })).message).toMatch(/less than or equal to 100/);
    const unused = await refusal({
      TransactItems: [
        {
          ...addUse('E2'),
          Update: { ...addUse('E2').Update, ExpressionAttributeValues: { ':one': 1, ':two': 2 } },
        },
      ],
    });
    expect(unused.message).toMatch(/unused in expressions/);
    const missing = await refusal({
      TransactItems: [{ Put: { TableName: 'tx-no-such-table', Item: { code: 'x' } } }],
    });
    expect(missing.name).toBe('ResourceNotFoundException');
    const badKey = await refusal({ TransactItems: [{ Put: { TableName: invites, Item: { id: 'x' } } }] });
    expect(badKey.message).toMatch(/Missing the key code/);
    expect(await get('E1')).toBeUndefined();
  });

  it('lets exactly one of many concurrent transactions on one item through its condition', async () => {
    const attempts = Array.from({ length: 20 }, (_, index) =>
      documents
        .send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: invites,
                  Item: { code: 'G1', winner: index },
                  ConditionExpression: 'attribute_not_exists(code)',
                },
              },
              addUse(`G-counter`),
            ],
          }),
        )
        .then(
          () => 'written',
          (error: unknown) =>
            ((error as TransactionCanceledException).CancellationReasons ?? [])
              .map((reason) => reason.Code)
              .join(','),
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(1);
    // The others were cancelled: by the condition, or by a conflict while the winner held the items.
    for (const outcome of outcomes.filter((o) => o !== 'written'))
      expect(outcome).toMatch(/ConditionalCheckFailed|TransactionConflict/);
    expect(await get('G-counter')).toEqual({ code: 'G-counter', uses: 1 });
  });

  it('answers a repeated client request token without writing again, and refuses it for another request', async () => {
    const input = {
      ClientRequestToken: 'token-h1',
      TransactItems: [
        {
          Update: {
            TableName: invites,
            Key: { code: { S: 'H1' } },
            UpdateExpression: 'ADD uses :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
      ],
    };
    await client.send(new TransactWriteItemsCommand(input));
    await client.send(new TransactWriteItemsCommand(input));
    expect(await get('H1')).toEqual({ code: 'H1', uses: 1 });
    const other = await client
      .send(new TransactWriteItemsCommand({ ...input, TransactItems: [addUseLow('H2')] }))
      .catch((error: unknown) => error as Error);
    expect((other as Error).name).toBe('IdempotentParameterMismatchException');
  });
});

const addUseLow = (code: string) => ({
  Update: {
    TableName: invites,
    Key: { code: { S: code } },
    UpdateExpression: 'ADD uses :one',
    ExpressionAttributeValues: { ':one': { N: '1' } },
  },
});
