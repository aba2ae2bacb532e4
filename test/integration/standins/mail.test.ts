/**
 * The mail outbox with the real SES v2 SDK, as functions/lib sends mail.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailOutbox, type MailOutbox, type OutboxMessage } from '@shutterlane/aws-standins/mail/mail';

let dataDir: string;
let outbox: MailOutbox;

const sesFor = (url: string) =>
  new SESv2Client({
    endpoint: url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const sendReadyMail = (ses: SESv2Client, to: string) =>
  ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'Shutterlane <no-reply@shutterlane.test>',
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: 'Your photos are ready <3', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Open http://localhost:5173/orders/abc to download.' },
            Html: { Data: '<p>Open <a href="http://localhost:5173/orders/abc">your photos</a></p>' },
          },
        },
      },
    }),
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-mail-'));
  outbox = await startMailOutbox({ port: 0, dataDir });
});
afterAll(async () => {
  await outbox.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail outbox', () => {
  it('accepts SendEmailCommand and lists the message in /api/messages and on the page', async () => {
    const { MessageId } = await sendReadyMail(sesFor(outbox.url), 'ann@example.com');
    expect(MessageId).toMatch(/^\d{13}-/);

    const api = (await (await fetch(`${outbox.url}/api/messages`)).json()) as OutboxMessage[];
    expect(api[0]).toMatchObject({
      id: MessageId,
      from: 'Shutterlane <no-reply@shutterlane.test>',
      to: ['ann@example.com'],
      subject: 'Your photos are ready <3',
      text: 'Open http://localhost:5173/orders/abc to download.',
    });

    const mailbox = await fetch(`${outbox.url}/`);
    expect(mailbox.headers.get('content-type')).toMatch(/text\/html/);
    const page = await mailbox.text();
    expect(page).toContain('Your photos are ready &lt;3');
    expect(page).toContain(`href="/messages/${MessageId}"`);

    const messagePage = await (await fetch(`${outbox.url}/messages/${MessageId}`)).text();
    expect(messagePage).toContain(`src="/messages/${MessageId}/html"`);
    expect(messagePage).toContain('<a href="http://localhost:5173/orders/abc">');

    const body = await fetch(`${outbox.url}/messages/${MessageId}/html`);
    expect(body.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await body.text()).toContain('<a href="http://localhost:5173/orders/abc">your photos</a>');
  });

  it('lists newest first, including mail delivered in-process', async () => {
    await outbox.deliver({
      from: 'no-reply@cognito.test',
      to: ['bob@example.com'],
      subject: 'Your code',
      text: '1',
    });
    const [newest] = await outbox.list();
    expect(newest).toMatchObject({ to: ['bob@example.com'], subject: 'Your code' });
  });

  it('answers an invalid request with an SES error, not a stored message', async () => {
    const before = (await outbox.list()).length;
    const ses = sesFor(outbox.url);
    await expect(
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'a@b.test',
          Destination: { ToAddresses: ['c@d.test'] },
          Content: {},
        }),
      ),
    ).rejects.toMatchObject({ name: 'BadRequestException', $metadata: { httpStatusCode: 400 } });
    expect((await outbox.list()).length).toBe(before);
  });

  it('answers 404 for unknown or malformed message ids', async () => {
    expect((await fetch(`${outbox.url}/messages/nope`)).status).toBe(404);
    expect((await fetch(`${outbox.url}/messages/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect(
      (await fetch(`${outbox.url}/api/messages/1767225600000-00000000-0000-0000-0000-000000000000`)).status,
    ).toBe(404);
  });

  it('keeps messages across a restart with the same data directory', async () => {
    const before = await outbox.list();
    await outbox.stop();
    outbox = await startMailOutbox({ port: 0, dataDir });
    expect(await outbox.list()).toEqual(before);
    const page = await (await fetch(`${outbox.url}/`)).text();
    expect(page).toContain('Your photos are ready &lt;3');
  });
});
