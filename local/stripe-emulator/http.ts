/** Small helpers over node:http: bounded body reading and the few response kinds we send. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest } from './errors';

/** Far above anything Shutterlane sends; stops a runaway client from filling memory. */
const MAX_BODY_BYTES = 1024 * 1024;

export const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('Request body too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  // Stripe pretty-prints its responses.
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

export const sendHtml = (res: ServerResponse, status: number, html: string): void => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
};

/** 303 after a form POST so the browser follows with a GET; 302 for plain link hops. */
export const redirect = (res: ServerResponse, location: string, status: 302 | 303 = 303): void => {
  res.writeHead(status, { location, 'content-length': 0 });
  res.end();
};
