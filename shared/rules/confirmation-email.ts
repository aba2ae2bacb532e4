/**
 * The order confirmation email a customer gets once an order is fulfilled (free or paid): the order
 * link, the number of photos and how long they stay available. Plain text plus simple HTML in which
 * every value is escaped.
 */
import { ORDER_AVAILABLE_DAYS } from './constants';
import { escapeHtml } from '../texts/html';

export interface ConfirmationEmailInput {
  orderId: string;
  /** The SPA's public origin, e.g. https://shutterlane.com (no trailing slash needed). */
  appUrl: string;
  photoCount: number;
  /** When the photos stop being available (30 days after fulfilment). */
  availableUntil: Date;
  supportEmail: string;
  /** The seller's business name and logo (an absolute address), when they set them. */
  seller?: { businessName?: string; logoUrl?: string };
}

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

export const orderLink = (appUrl: string, orderId: string): string =>
  `${appUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(orderId)}`;

const photoCountText = (count: number): string => `${count} ${count === 1 ? 'photo' : 'photos'}`;

/** A date customers anywhere read the same way: "31 January 2026" (UTC). */
export const longDate = (date: Date): string =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The seller's logo and name above the message: the customer knows whose photos these are. */
export function sellerHeader(seller: ConfirmationEmailInput['seller']): string[] {
  const name = seller?.businessName;
  const logo = seller?.logoUrl
    ? `<img src="${escapeHtml(seller.logoUrl)}" alt="${escapeHtml(name ?? 'Logo')}" style="max-width: 200px; max-height: 100px">`
    : '';
  const caption = name ? `<div><strong>${escapeHtml(name)}</strong></div>` : '';
  return logo || caption ? [`<header>${logo}${caption}</header>`] : [];
}

export function confirmationEmail(input: ConfirmationEmailInput): ConfirmationEmail {
  const link = orderLink(input.appUrl, input.orderId);
  const from = input.seller?.businessName;
  const photos = photoCountText(input.photoCount);
  const until = longDate(input.availableUntil);
  const availability = `Your photos are available for ${ORDER_AVAILABLE_DAYS} days, until ${until}. Please download them before then.`;
  const text = [
    ...(from ? [from, ''] : []),
    'Thank you! Your order is complete.',
    '',
    `Order ID: ${input.orderId}`,
    `Your order contains ${photos}. Open them here:`,
    link,
    '',
    availability,
    '',
    `Questions? Write to ${input.supportEmail}.`,
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Your photos are ready</title></head>',
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...sellerHeader(input.seller),
    '<h1>Thank you! Your order is complete.</h1>',
    `<p>Order ID: <strong>${escapeHtml(input.orderId)}</strong></p>`,
    `<p>Your order contains ${escapeHtml(photos)}.</p>`,
    `<p><a href="${escapeHtml(link)}">View my photos</a></p>`,
    `<p>${escapeHtml(availability)}</p>`,
    `<p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: 'Your photos are ready', text, html };
}
