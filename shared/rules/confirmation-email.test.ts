import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../texts/html';
import { confirmationEmail, orderLink } from './confirmation-email';

const input = {
  orderId: 'AbCdEfGhIjKlMnOpQrStUv',
  appUrl: 'https://shutterlane.example/',
  photoCount: 12,
  availableUntil: new Date('2026-01-31T12:00:00Z'),
  supportEmail: 'support@shutterlane.example',
};

describe('confirmation email', () => {
  it('gives the order link, the number of photos and the 30-day availability in the text', () => {
    const mail = confirmationEmail(input);
    expect(mail.subject).toBe('Your photos are ready');
    expect(mail.text).toContain('https://shutterlane.example/orders/AbCdEfGhIjKlMnOpQrStUv');
    expect(mail.text).toContain('12 photos');
    expect(mail.text).toContain('available for 30 days, until 31 January 2026');
    expect(mail.text).toContain('support@shutterlane.example');
  });

  it('says photo for one photo', () => {
    expect(confirmationEmail({ ...input, photoCount: 1 }).text).toContain('contains 1 photo.');
  });

  it('has the same facts in the HTML, with the link as an anchor', () => {
    const { html } = confirmationEmail(input);
    expect(html).toContain('<a href="https://shutterlane.example/orders/AbCdEfGhIjKlMnOpQrStUv">');
    expect(html).toContain('12 photos');
    expect(html).toContain('30 days, until 31 January 2026');
  });

  it('names the seller and shows their logo when they set them, and neither when not', () => {
    const seller = {
      businessName: 'Harbour & Co <Photos>',
      logoUrl: 'https://shutterlane.example/api/logos/L1',
    };
    const mail = confirmationEmail({ ...input, seller });
    expect(mail.text.split('\n')[0]).toBe('Harbour & Co <Photos>');
    expect(mail.html).toContain(
      '<img src="https://shutterlane.example/api/logos/L1" alt="Harbour &amp; Co &lt;Photos&gt;"',
    );
    expect(mail.html).toContain('<strong>Harbour &amp; Co &lt;Photos&gt;</strong>');
    const plain = confirmationEmail({ ...input, seller: {} });
    expect(plain.text.split('\n')[0]).toBe('Thank you! Your order is complete.');
    expect(plain.html).not.toContain('<header>');
  });

  it('escapes every value placed in the HTML', () => {
    const { html } = confirmationEmail({
      ...input,
      appUrl: 'https://x.example/"><script>alert(1)</script>',
      supportEmail: '<b>&support</b>@x.example',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;&amp;support&lt;/b&gt;@x.example');
  });

  it('escapes the five HTML characters and encodes the order id in the link', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(orderLink('http://localhost:5173', 'a b')).toBe('http://localhost:5173/orders/a%20b');
  });
});
