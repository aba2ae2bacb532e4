/**
 * The mail outbox with identities answers SES v2 SendEmail as SES does: a known key's signature and
 * an `ses:SendEmail` grant on the sending identity (and configuration set), else SES's refusal and
 * nothing in the outbox.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesConfigurationSetArn, sesIdentityArn } from '@shutterlane/aws-standins/iam/arn';
import { functionPrincipal, staticIdentityStore } from '@shutterlane/aws-standins/iam/identity-store';
import { startMailOutbox, type MailOutbox } from '@shutterlane/aws-standins/mail/mail';

const mailer = functionPrincipal('checkout', 'CheckoutRole', [
  { Effect: 'Allow', Action: 'ses:SendEmail', Resource: sesIdentityArn('shutterlane.test') },
]);
const identities = staticIdentityStore([
  { accessKeyId: 'AKIDMAILER', secretAccessKey: 'mailer-secret', principal: mailer },
]);

let dataDir: string;
let outbox: MailOutbox;
let strictOutbox: MailOutbox;
const clients: SESv2Client[] = [];

const sesAs = (target: MailOutbox, accessKeyId = 'AKIDMAILER', secretAccessKey = 'mailer-secret') => {
  const client = new SESv2Client({
    endpoint: target.url,
    region: 'eu-west-2',
    credentials: { accessKeyId, secretAccessKey },
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
};

const mailFrom = (from: string, extra: Partial<SendEmailCommandInput> = {}) =>
  new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: ['ann@example.com'] },
    Content: { Simple: { Subject: { Data: `from ${from}` }, Body: { Text: { Data: 'Hello' } } } },
    ...extra,
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-mail-iam-'));
  outbox = await startMailOutbox({ port: 0, dataDir: path.join(dataDir, 'a'), identities });
  strictOutbox = await startMailOutbox({
    port: 0,
    dataDir: path.join(dataDir, 'b'),
    identities,
    verifiedIdentities: ['shutterlane.test', 'owner@shutterlane.test'],
  });
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await outbox.stop();
  await strictOutbox.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const refusedWith = (resource: string) => ({
  name: 'AccessDeniedException',
  $metadata: { httpStatusCode: 403 },
  message: `User \`${mailer.arn}' is not authorized to perform \`ses:SendEmail' on resource \`${resource}'`,
});

describe('SendEmail with identities', () => {
  it('sends from an address of a domain the policy allows', async () => {
    const { MessageId } = await sesAs(outbox).send(mailFrom('Shutterlane <no-reply@shutterlane.test>'));
    const [stored] = await outbox.list();
    expect(stored).toMatchObject({ id: MessageId, from: 'Shutterlane <no-reply@shutterlane.test>' });
  });

  it('refuses another sending identity in SES words, and stores nothing', async () => {
    const before = (await outbox.list()).length;
    await expect(sesAs(outbox).send(mailFrom('no-reply@elsewhere.test'))).rejects.toMatchObject(
      refusedWith(sesIdentityArn('elsewhere.test')),
    );
    expect((await outbox.list()).length).toBe(before);
  });

  it('needs the grant on a configuration set the call names', async () => {
    await expect(
      sesAs(outbox).send(mailFrom('no-reply@shutterlane.test', { ConfigurationSetName: 'tracking' })),
    ).rejects.toMatchObject(refusedWith(sesConfigurationSetArn('tracking')));
  });

  it('refuses an unknown key and a wrong secret', async () => {
    await expect(
      sesAs(outbox, 'AKIDNOBODY', 'x').send(mailFrom('no-reply@shutterlane.test')),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(
      sesAs(outbox, 'AKIDMAILER', 'wrong').send(mailFrom('no-reply@shutterlane.test')),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
    });
  });
});

describe('SendEmail with the verified identities known', () => {
  it('rejects a From outside every verified identity, as SES does', async () => {
    await expect(sesAs(strictOutbox).send(mailFrom('Someone <a@unverified.test>'))).rejects.toMatchObject({
      name: 'MessageRejected',
      $metadata: { httpStatusCode: 400 },
      message:
        'Email address is not verified. The following identities failed the check in region EU-WEST-2: Someone <a@unverified.test>',
    });
  });

  it('authorizes against the verified address itself when the address is verified', async () => {
    await expect(sesAs(strictOutbox).send(mailFrom('no-reply@shutterlane.test'))).resolves.toMatchObject({
      MessageId: expect.any(String),
    });
    // A grant on the domain does not cover an address verified in its own right.
    await expect(sesAs(strictOutbox).send(mailFrom('owner@shutterlane.test'))).rejects.toMatchObject(
      refusedWith(sesIdentityArn('owner@shutterlane.test')),
    );
  });
});
