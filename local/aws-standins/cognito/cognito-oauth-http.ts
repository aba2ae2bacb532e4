/** Small HTTP pieces of the hosted sign-in server: answers, cookies, form bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';

export function sendHtml(res: ServerResponse, status: number, html: string, cookies: string[] = []): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...(cookies.length > 0 && { 'set-cookie': cookies }),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(302, {
    location,
    'cache-control': 'no-store',
    ...(cookies.length > 0 && { 'set-cookie': cookies }),
  });
  res.end();
}

/** JSON as the OAuth endpoints answer it (tokens are never cached). */
export function sendOAuthJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
    pragma: 'no-cache',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** The SPA calls the token, revoke and userInfo endpoints with fetch from its own origin. */
export function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  if (req.method !== 'OPTIONS') return;
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-max-age', '600');
}

/** A form-encoded body, or undefined when the body is of another type. */
export async function formBody(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = req.headers['content-type'] ?? '';
  const body = await text(req);
  return type.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded'
    ? new URLSearchParams(body)
    : undefined;
}

export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return cookies;
}

/** A cookie for this host only, never readable by scripts, sent on top-level navigations. */
export const cookie = (name: string, value: string, maxAgeSeconds?: number) =>
  [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'Secure',
    'HttpOnly',
    'SameSite=Lax',
    ...(maxAgeSeconds !== undefined ? [`Max-Age=${maxAgeSeconds}`] : []),
  ].join('; ');
