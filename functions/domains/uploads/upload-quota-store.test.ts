/**
 * Unit test of the monthly upload counter with the DynamoDB client mocked, replaying the interleavings
 * of requests that arrive together at the start of a usage period (a batch's first files): a request
 * whose add ran before another started the month adds again, rather than reporting the limit.
 */
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUnitTestEnv } from '../../lib/testing/unit-env';
import { reserveUploads } from './upload-quota-store';

setUnitTestEnv();
const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());

const month = '2026-11';
const now = new Date('2026-11-28T10:00:00.000Z');
const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
/** The add within the limit (SET currentMonthUploads = currentMonthUploads + :n). */
const isAdd = { UpdateExpression: 'SET currentMonthUploads = currentMonthUploads + :n' };

describe('reserveUploads', () => {
  it('adds again when another request started the month after its own add was refused', async () => {
    // This request's add: refused, the month not started yet. Another request then starts it at 1.
    dynamo
      .on(UpdateCommand, isAdd)
      .rejectsOnce(conditionFailed())
      .resolvesOnce({ Attributes: { currentMonthUploads: 2 } });
    dynamo.on(GetCommand).resolves({ Item: { userId: 'u', uploadMonth: month, currentMonthUploads: 1 } });
    expect(await reserveUploads('u', 1, 10_000, now, month)).toEqual({ ok: true, used: 2 });
    expect(dynamo.commandCalls(UpdateCommand, isAdd)).toHaveLength(2);
  });

  it('reports the limit when the month has no room left for the files', async () => {
    dynamo.on(UpdateCommand, isAdd).rejects(conditionFailed());
    dynamo.on(GetCommand).resolves({ Item: { userId: 'u', uploadMonth: month, currentMonthUploads: 9 } });
    expect(await reserveUploads('u', 2, 10, now, month)).toEqual({ ok: false, used: 9 });
  });

  it('starts a new month at the count when the last upload was in another month', async () => {
    dynamo.on(UpdateCommand, isAdd).rejects(conditionFailed());
    dynamo
      .on(GetCommand)
      .resolves({ Item: { userId: 'u', uploadMonth: '2026-10', currentMonthUploads: 50 } });
    dynamo
      .on(UpdateCommand, { UpdateExpression: 'SET uploadMonth = :month, currentMonthUploads = :n' })
      .resolves({});
    expect(await reserveUploads('u', 3, 10, now, month)).toEqual({ ok: true, used: 3 });
  });
});
