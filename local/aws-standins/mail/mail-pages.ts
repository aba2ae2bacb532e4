/**
 * The local mailbox pages: plain server-rendered HTML. Every value from a message is escaped; the
 * HTML body is only ever shown inside a sandboxed iframe, served with its own restrictive CSP.
 */
import type { OutboxMessage } from './mail-message';
import { escapeHtml } from '../../../shared/texts/html';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escaped text with its http(s) links made clickable (verification and order links in mails). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** "2026-01-02 03:04:05 UTC" inside a machine-readable <time>. */
const timeElement = (iso: string): string =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))}</time>`;

const addresses = (list: string[]): string => escapeHtml(list.join(', '));

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddd;vertical-align:top}
caption{text-align:left;color:#555;padding-bottom:.5rem}iframe{width:100%;height:32rem;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}dt{font-weight:600}dd{margin:0 0 .5rem}a{color:#0645ad}`;

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${main}</main></body>
</html>
`;
}

const messageRow = (message: OutboxMessage): string =>
  `<tr><td>${timeElement(message.sentAt)}</td><td>${addresses(message.to)}</td>` +
  `<td><a href="/messages/${encodeURIComponent(message.id)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`;

/** `GET /`: every message, newest first. */
export function renderMailbox(messages: OutboxMessage[]): string {
  const body =
    messages.length === 0
      ? '<p>No messages yet.</p>'
      : `<table><caption>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>${messages.map(messageRow).join('\n')}</tbody></table>`;
  return page('Local mailbox · Shutterlane', `<h1>Local mailbox</h1>\n${body}`);
}

const headerField = (label: string, value: string): string =>
  value ? `<dt>${label}</dt><dd>${value}</dd>` : '';

/** `GET /messages/<id>`: headers, the HTML body framed and sandboxed, the text body below. */
export function renderMessage(message: OutboxMessage): string {
  const id = encodeURIComponent(message.id);
  const html = message.html
    ? `<h2>HTML body</h2>
<iframe title="HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/messages/${id}/html"></iframe>`
    : '';
  const text = message.text ? `<h2>Text body</h2>\n<pre>${linkify(message.text)}</pre>` : '';
  return page(
    `${message.subject || '(no subject)'} · Local mailbox`,
    `<p><a href="/">← All messages</a></p>
<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<dl>${headerField('From', escapeHtml(message.from))}${headerField('To', addresses(message.to))}${headerField('Cc', addresses(message.cc))}${headerField('Bcc', addresses(message.bcc))}${headerField('Reply-To', addresses(message.replyTo))}${headerField('Sent', timeElement(message.sentAt))}</dl>
${html}
${text}`,
  );
}

/** The mailbox pages run no script and load nothing from elsewhere. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'none'";
/** The mail's own HTML: sandboxed even when opened directly, no script, images allowed as in a mail client. */
export const MAIL_HTML_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'";
