import { describe, expect, it } from 'vitest';
import { reminderEmail } from './reminder-email';

const input = {
  kind: '7' as const,
  orderId: 'AbCdEfGhIjKlMnOpQrStUv',
  appUrl: 'https://shutterlane.example/',
  accessEndsAt: new Date('2026-01-31T12:00:00Z'),
  unsubscribeToken: 'tok/en+1',
  supportEmail: 'support@shutterlane.example',
};

describe('the reminder email', () => {
  it('says when access ends and links the order', () => {
    const mail = reminderEmail(input);
    expect(mail.subject).toBe('Your photos are available for 7 more days');
    expect(mail.text).toContain('Your photos can be downloaded until 31 January 2026.');
    expect(mail.text).toContain('https://shutterlane.example/orders/AbCdEfGhIjKlMnOpQrStUv');
    expect(mail.html).toContain('<a href="https://shutterlane.example/orders/AbCdEfGhIjKlMnOpQrStUv">');
  });

  it('has a subject of its own on the last day', () => {
    expect(reminderEmail({ ...input, kind: '1' }).subject).toBe('Last day to download your photos');
  });

  it('unsubscribes in one click: a link in the message and the List-Unsubscribe headers', () => {
    const mail = reminderEmail(input);
    expect(mail.text).toContain(
      'No more reminders for this order: https://shutterlane.example/orders/AbCdEfGhIjKlMnOpQrStUv/unsubscribe?token=tok%2Fen%2B1',
    );
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value:
          '<https://shutterlane.example/api/public/orders/AbCdEfGhIjKlMnOpQrStUv/unsubscribe?token=tok%2Fen%2B1>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('escapes the seller’s name in the HTML', () => {
    const mail = reminderEmail({ ...input, seller: { businessName: '<Ana & Co>' } });
    expect(mail.html).toContain('&lt;Ana &amp; Co&gt;');
    expect(mail.text.startsWith('<Ana & Co>')).toBe(true);
  });
});
