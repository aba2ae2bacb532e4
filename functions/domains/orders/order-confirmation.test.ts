/** Unit test of the confirmation email with SES and DynamoDB mocked: what is sent, and failures reported, not thrown. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverErrors } from '#shared/texts/errors';
import type { OrderRecord } from './order-store';
import type * as ConfirmationModule from './order-confirmation';
import { setUnitTestEnv } from '../../lib/testing/unit-env';

const ses = mockClient(SESv2Client);
const dynamo = mockClient(DynamoDBDocumentClient);

let confirmation: typeof ConfirmationModule;

const order: OrderRecord = {
  orderId: 'Q2x8xHn0b2Vj7kq1Yw3ZtA',
  sellerId: 'seller-1',
  galleryId: 'gallery-1',
  photoIds: ['p1', 'p2', 'p3'],
  currency: 'GBP',
  totalMinor: 0,
  orderType: 'FREE_ORDER',
  status: 'FULFILLED',
  customerEmail: 'customer@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-31T00:00:00.000Z',
  fulfilledAt: '2026-01-02T00:00:00.000Z',
};

beforeAll(async () => {
  setUnitTestEnv({
    APP_URL: 'https://shutterlane.example',
  });
  confirmation = await import('./order-confirmation');
});
beforeEach(() => {
  ses.reset();
  dynamo.reset();
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(GetCommand).resolves({});
});

const recorded = () =>
  dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input.ExpressionAttributeValues);

describe('sendConfirmation', () => {
  it("names the seller with their logo's absolute address, and still sends when the seller cannot be read", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const seller = {
      userId: 'seller-1',
      businessName: 'Harbour Photos',
      logo: { logoId: 'L1234567890', width: 1, height: 1 },
    };
    dynamo.on(GetCommand, { TableName: 'users', Key: { userId: 'seller-1' } }).resolves({ Item: seller });
    await confirmation.sendConfirmation(order);
    const content = ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Content?.Simple?.Body;
    expect(content?.Text?.Data?.split('\n')[0]).toBe('Harbour Photos');
    expect(content?.Html?.Data).toContain('src="https://shutterlane.example/api/logos/L1234567890"');
    dynamo.on(GetCommand).rejects(new Error('throttled'));
    expect(await confirmation.sendConfirmation(order)).toEqual({ emailSent: true });
  });

  it('sends the order link, photo count and availability date to the customer and records it', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    expect(await confirmation.sendConfirmation(order)).toEqual({ emailSent: true });
    const [call] = ses.commandCalls(SendEmailCommand);
    const input = call?.args[0].input;
    expect(input?.Destination?.ToAddresses).toEqual(['customer@example.com']);
    expect(input?.FromEmailAddress).toBe('Shutterlane <orders@shutterlane.com>');
    const text = input?.Content?.Simple?.Body?.Text?.Data ?? '';
    expect(text).toContain('https://shutterlane.example/orders/Q2x8xHn0b2Vj7kq1Yw3ZtA');
    expect(text).toContain('3 photos');
    expect(text).toContain('until 1 February 2026');
    expect(recorded()[0]?.[':value']).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('reports a failed send with emailSent false and emailError, without throwing', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Email address is not verified'), { name: 'MessageRejected' }));
    expect(await confirmation.sendConfirmation(order)).toEqual({
      emailSent: false,
      emailError: serverErrors.confirmationEmailFailed,
    });
    expect(recorded()[0]?.[':value']).toBe(serverErrors.confirmationEmailFailed);
  });

  it('reports an order without an email address', async () => {
    const { customerEmail: _, ...noEmail } = order;
    expect(await confirmation.sendConfirmation(noEmail)).toEqual({
      emailSent: false,
      emailError: serverErrors.noCustomerEmail,
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});

describe('resumeConfirmation', () => {
  const now = new Date('2026-01-02T00:10:00.000Z');

  it('does nothing once the email was sent or failed', async () => {
    expect(await confirmation.resumeConfirmation({ ...order, confirmationEmailSentAt: 'x' }, now)).toBe(
      'settled',
    );
    expect(await confirmation.resumeConfirmation({ ...order, confirmationEmailError: 'x' }, now)).toBe(
      'settled',
    );
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('sends when the previous sender’s claim has lapsed', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    expect(await confirmation.resumeConfirmation(order, now)).toBe('sent');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    const claim = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(claim?.ExpressionAttributeValues?.[':stale']).toBe('2026-01-02T00:08:00.000Z');
  });

  it('leaves a live claim alone and says so', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' }));
    expect(await confirmation.resumeConfirmation(order, now)).toBe('held-elsewhere');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
