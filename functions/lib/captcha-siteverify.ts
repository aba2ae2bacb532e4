/**
 * The siteverify call itself: one form POST, its JSON answer. Made with node's http/https client over
 * one keep-alive agent for the process rather than fetch: under load, fetch (undici with its web
 * streams, abort signal and event-target machinery) was a fifth of the order function's CPU, more than
 * the DynamoDB call, for a request of a few hundred bytes. The agent keeps connections open between
 * calls, as fetch's pool did: a new TLS connection to Google per call would cost far more.
 */
import http from 'node:http';
import https from 'node:https';

/**
 * An idle connection is closed after this long, as fetch's pool did (undici's default): one left idle
 * for minutes (a frozen Lambda) may have been dropped on the way without either end being told.
 */
const IDLE_CONNECTION_MS = 4000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/** What a reused keep-alive connection that the server (or a frozen Lambda's network) closed meanwhile gives. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

function postOnce(url: URL, body: string, deadline: number): Promise<{ value: unknown } | 'stale'> {
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          try {
            resolve({ value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error('siteverify timed out')),
      Math.max(0, deadline - Date.now()),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // Node's advice for keep-alive agents: a request on a reused socket that the other end had
      // already closed never reached it, so it may be sent again on a fresh connection.
      if (request.reusedSocket && STALE_CONNECTION.has(error.code ?? '')) resolve('stale');
      else reject(error);
    });
    request.end(body);
  });
}

/** POSTs `form` to `url` and returns the parsed JSON answer; rejects on a network error, a non-JSON answer or after `timeoutMs`. */
export async function postForm(url: string, form: URLSearchParams, timeoutMs: number): Promise<unknown> {
  const target = new URL(url);
  const body = form.toString();
  const deadline = Date.now() + timeoutMs;
  const first = await postOnce(target, body, deadline);
  if (first !== 'stale') return first.value;
  const second = await postOnce(target, body, deadline);
  if (second === 'stale') throw new Error('siteverify connection closed');
  return second.value;
}
