/**
 * The reminder a customer gets before a fulfilled order's access ends (shared/rules/access-reminders.ts):
 * the order link, the last day, and a one-click unsubscribe both as a link in the message and as the
 * List-Unsubscribe headers mail clients show as a button (RFC 8058). Plain text plus simple HTML in which
 * every value is escaped.
 */
import { escapeHtml } from '../texts/html';
import type { ReminderKind } from './access-reminders';
import { longDate, orderLink, sellerHeader, type ConfirmationEmailInput } from './confirmation-email';

export interface ReminderEmailInput {
  kind: ReminderKind;
  orderId: string;
  appUrl: string;
  accessEndsAt: Date;
  /** The order's secret for unsubscribing (`reminderToken`), never shown anywhere else. */
  unsubscribeToken: string;
  supportEmail: string;
  seller?: ConfirmationEmailInput['seller'];
}

export interface ReminderEmail {
  subject: string;
  text: string;
  html: string;
  headers: { name: string; value: string }[];
}

const origin = (appUrl: string) => appUrl.replace(/\/+$/, '');
const query = (token: string) => `token=${encodeURIComponent(token)}`;

/** The page a person opens from the message: it unsubscribes and says so. */
export const unsubscribePageLink = (appUrl: string, orderId: string, token: string): string =>
  `${orderLink(appUrl, orderId)}/unsubscribe?${query(token)}`;

/** Where a mail client posts the one-click unsubscribe: the API route itself. */
export const oneClickUnsubscribeLink = (appUrl: string, orderId: string, token: string): string =>
  `${origin(appUrl)}/api/public/orders/${encodeURIComponent(orderId)}/unsubscribe?${query(token)}`;

const subjects: Record<ReminderKind, string> = {
  '7': 'Your photos are available for 7 more days',
  '1': 'Last day to download your photos',
};

export function reminderEmail(input: ReminderEmailInput): ReminderEmail {
  const link = orderLink(input.appUrl, input.orderId);
  const unsubscribe = unsubscribePageLink(input.appUrl, input.orderId, input.unsubscribeToken);
  const from = input.seller?.businessName;
  const until = `Your photos can be downloaded until ${longDate(input.accessEndsAt)}. Please save them before then.`;
  const text = [
    ...(from ? [from, ''] : []),
    subjects[input.kind],
    '',
    until,
    link,
    '',
    `Order ID: ${input.orderId}`,
    `Questions? Write to ${input.supportEmail}.`,
    '',
    `No more reminders for this order: ${unsubscribe}`,
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subjects[input.kind])}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...sellerHeader(input.seller),
    `<h1>${escapeHtml(subjects[input.kind])}</h1>`,
    `<p>${escapeHtml(until)}</p>`,
    `<p><a href="${escapeHtml(link)}">View my photos</a></p>`,
    `<p>Order ID: <strong>${escapeHtml(input.orderId)}</strong></p>`,
    `<p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    `<p><a href="${escapeHtml(unsubscribe)}">No more reminders for this order</a></p>`,
    '</body></html>',
  ].join('\n');
  const oneClick = oneClickUnsubscribeLink(input.appUrl, input.orderId, input.unsubscribeToken);
  return {
    subject: subjects[input.kind],
    text,
    html,
    headers: [
      { name: 'List-Unsubscribe', value: `<${oneClick}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}
