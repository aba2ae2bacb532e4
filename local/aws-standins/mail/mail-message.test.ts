import { describe, expect, it } from 'vitest';
import {
  BadSendEmailRequest,
  MESSAGE_ID_PATTERN,
  messageFromOutgoing,
  messageFromSendEmail,
} from './mail-message';
import { newestFirst, newMessageId } from './mail-store';

const sentAt = new Date('2026-03-04T05:06:07.000Z');
const simple = {
  FromEmailAddress: 'Shutterlane <no-reply@shutterlane.test>',
  Destination: { ToAddresses: ['ann@example.com'], CcAddresses: ['cc@example.com'] },
  ReplyToAddresses: ['help@shutterlane.test'],
  Content: {
    Simple: {
      Subject: { Data: 'Your photos are ready', Charset: 'UTF-8' },
      Body: { Text: { Data: 'Open https://x.test/o/1' }, Html: { Data: '<p>Open</p>' } },
    },
  },
};

describe('messageFromSendEmail', () => {
  it('keeps the addresses, subject and both bodies of a Simple message', () => {
    expect(messageFromSendEmail(simple, 'id-1', sentAt)).toEqual({
      id: 'id-1',
      sentAt: '2026-03-04T05:06:07.000Z',
      from: 'Shutterlane <no-reply@shutterlane.test>',
      to: ['ann@example.com'],
      cc: ['cc@example.com'],
      bcc: [],
      replyTo: ['help@shutterlane.test'],
      subject: 'Your photos are ready',
      text: 'Open https://x.test/o/1',
      html: '<p>Open</p>',
    });
  });

  it('keeps a Simple message’s headers, and refuses more than SES takes', () => {
    const headers = [{ Name: 'List-Unsubscribe', Value: '<https://x.test/u>' }];
    const withHeaders = { ...simple, Content: { Simple: { ...simple.Content.Simple, Headers: headers } } };
    expect(messageFromSendEmail(withHeaders, 'id-2', sentAt).headers).toEqual([
      { name: 'List-Unsubscribe', value: '<https://x.test/u>' },
    ]);
    const tooMany = Array.from({ length: 16 }, (_, i) => ({ Name: `X-${i}`, Value: 'v' }));
    const refused = { ...simple, Content: { Simple: { ...simple.Content.Simple, Headers: tooMany } } };
    expect(() => messageFromSendEmail(refused, 'id-3', sentAt)).toThrow(BadSendEmailRequest);
  });

  it('reads subject and sender from Raw MIME content', () => {
    const mime = 'From: a@b.test\r\nTo: c@d.test\r\nSubject: Hello raw\r\n\r\nBody line';
    const message = messageFromSendEmail(
      {
        Destination: { ToAddresses: ['c@d.test'] },
        Content: { Raw: { Data: Buffer.from(mime).toString('base64') } },
      },
      'id-2',
      sentAt,
    );
    expect(message).toMatchObject({ from: 'a@b.test', subject: 'Hello raw', text: 'Body line', raw: mime });
  });

  it('refuses what SES would refuse', () => {
    const refuse = (body: unknown) =>
      expect(() => messageFromSendEmail(body, 'id', sentAt)).toThrow(BadSendEmailRequest);
    refuse({ FromEmailAddress: 'a@b.test' });
    refuse({ ...simple, Destination: { ToAddresses: [] } });
    refuse({ ...simple, FromEmailAddress: undefined });
    refuse({ ...simple, Content: { Template: { TemplateName: 'x' } } });
    refuse({ ...simple, Content: {} });
    refuse('not an object');
  });
});

describe('message ids and order', () => {
  it('makes time-ordered, file-safe ids', () => {
    const id = newMessageId(sentAt);
    expect(id).toMatch(MESSAGE_ID_PATTERN);
    expect(id.startsWith(String(sentAt.getTime()))).toBe(true);
  });

  it('sorts newest first', () => {
    const older = messageFromOutgoing({ from: 'a', to: ['b'], subject: 'old' }, '1', new Date(1000));
    const newer = messageFromOutgoing({ from: 'a', to: ['b'], subject: 'new' }, '2', new Date(2000));
    expect([older, newer].sort(newestFirst).map((m) => m.subject)).toEqual(['new', 'old']);
  });
});
