/**
 * Helpers for tests that drive the emulator the way a browser would (form posts to the hosted
 * pages) and receive its webhooks. Used by the emulator's own tests and free for others' tests.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { closeServer, listenOn } from '../standins/ports';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body: signatures are checked over these exact bytes. */
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status to answer with (default 200), e.g. 500 to make the emulator retry. */
  respondWith(status: number): void;
  /** Resolves with the first delivery (already received or future) that matches. */
  waitFor(match: (webhook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export const eventType = (webhook: ReceivedWebhook): string =>
  (JSON.parse(webhook.body) as { type: string }).type;

export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
      for (const wake of waiters) wake();
    });
  });
  const port = await listenOn(server, 0, 'the webhook receiver', 'none', '127.0.0.1');
  const waitFor = (match: (webhook: ReceivedWebhook) => boolean, timeoutMs = 5_000) =>
    new Promise<ReceivedWebhook>((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (found === undefined) return;
        cleanUp();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`No matching webhook within ${timeoutMs} ms (received ${received.length})`));
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    respondWith: (next) => {
      status = next;
    },
    waitFor,
    close: () => closeServer(server),
  };
};

/** Submits the hosted checkout page's form, as pressing "Pay" does. The response is not followed. */
export const submitCheckoutPage = (
  sessionUrl: string,
  form: { email?: string; cardNumber?: string } = {},
): Promise<Response> =>
  fetch(sessionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: form.email ?? 'customer@example.com',
      card_number: form.cardNumber ?? '4242 4242 4242 4242',
    }),
    redirect: 'manual',
  });

/** Presses "Complete onboarding" on the page an account link points at. The response is not followed. */
export const submitOnboardingPage = (accountLinkUrl: string): Promise<Response> =>
  fetch(accountLinkUrl, { method: 'POST', redirect: 'manual' });
