import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../shared/texts/html';
import { linkify, renderMailbox, renderMessage } from './mail-pages';
import type { OutboxMessage } from './mail-message';

const hostile: OutboxMessage = {
  id: '1767225600000-0b8f2a52-1c1f-4a51-9e54-7d5cf1b1a001',
  sentAt: '2026-01-01T00:00:00.000Z',
  from: '"Eve" <eve@evil.test>',
  to: ['<script>alert(1)</script>@x.test'],
  cc: [],
  bcc: [],
  replyTo: [],
  subject: '<img src=x onerror=alert(1)>',
  text: 'Click https://app.test/orders/abc?x=1&y="2" <b>now</b>',
  html: '<script>alert(2)</script><p>Hi</p>',
};

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('linkify', () => {
  it('links URLs and escapes everything else', () => {
    expect(linkify('Open https://app.test/o/1?a=1&b=2 <now>')).toBe(
      'Open <a href="https://app.test/o/1?a=1&amp;b=2">https://app.test/o/1?a=1&amp;b=2</a> &lt;now&gt;',
    );
  });
});

describe('renderMailbox', () => {
  it('lists messages with time, recipient and a link, all escaped', () => {
    const html = renderMailbox([hostile]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<th scope="col">Subject</th>');
    expect(html).toContain(`href="/messages/${hostile.id}"`);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@x.test');
    expect(html).toContain('<time datetime="2026-01-01T00:00:00.000Z">2026-01-01 00:00:00 UTC</time>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
  });

  it('says so when the outbox is empty', () => {
    expect(renderMailbox([])).toContain('No messages yet.');
  });
});

describe('renderMessage', () => {
  it('frames the HTML body in a sandbox and never inlines it', () => {
    const html = renderMessage(hostile);
    expect(html).toContain(
      `<iframe title="HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/messages/${hostile.id}/html">`,
    );
    expect(html).not.toContain('alert(2)');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;Eve&quot; &lt;eve@evil.test&gt;');
    expect(html).toContain('<a href="https://app.test/orders/abc?x=1&amp;y=">');
    expect(html).toContain('&lt;b&gt;now&lt;/b&gt;');
  });
});
