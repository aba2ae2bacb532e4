/**
 * Helpers for tests that drive the emulator the way a browser would (form posts to the hosted
 * pages) and receive its webhooks. Used by the emulator's own tests and free for others' tests.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { closeServer, listenOn } from '../standins/ports';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './index';

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

/** An Express account that has completed onboarding through the hosted page, ready to receive transfers. */
export const createOnboardedAccount = async (
  stripe: Stripe,
  email = 'seller@example.com',
): Promise<Stripe.Account> => {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    email,
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'http://app.test/connect/refresh',
    return_url: 'http://app.test/connect/return',
    type: 'account_onboarding',
  });
  const response = await submitOnboardingPage(link.url);
  if (response.status !== 303) throw new Error(`Onboarding page answered ${response.status}`);
  return stripe.accounts.retrieve(account.id);
};

export const TEST_SECRET_KEY = 'sk_test_emulator_tests';
export const TEST_WEBHOOK_SECRET = 'whsec_emulator_tests';

export interface TestEmulator {
  emulator: StripeEmulator;
  /** The real SDK, pointed at the emulator. */
  stripe: Stripe;
  receiver: WebhookReceiver;
  /** Parses and verifies a received webhook with the emulator's signing secret. */
  verify(webhook: ReceivedWebhook): Stripe.Event;
  /** Waits for the first webhook of `type` about the object `objectId`. */
  waitForEvent(type: string, objectId: string): Promise<Stripe.Event>;
  stop(): Promise<void>;
}

/** An emulator on a free port, forwarding every event to a local receiver (`setWebhookUrl`). */
export const startTestEmulator = async (
  options: Partial<
    Pick<
      StripeEmulatorOptions,
      'dataDir' | 'webhookRetryDelaysMs' | 'connectWebhookSecret' | 'dashboardPortalSettings'
    >
  > = {},
): Promise<TestEmulator> => {
  const receiver = await startWebhookReceiver();
  const emulator = await startStripeEmulator({
    port: 0,
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [50, 100],
    ...options,
  });
  const stripe = new Stripe(TEST_SECRET_KEY, { host: 'localhost', port: emulator.port, protocol: 'http' });
  const verify = (webhook: ReceivedWebhook) =>
    stripe.webhooks.constructEvent(
      webhook.body,
      String(webhook.headers['stripe-signature']),
      TEST_WEBHOOK_SECRET,
    );
  const isAbout = (type: string, objectId: string) => (webhook: ReceivedWebhook) => {
    const event = JSON.parse(webhook.body) as { type: string; data: { object: { id: string } } };
    return event.type === type && event.data.object.id === objectId;
  };
  return {
    emulator,
    stripe,
    receiver,
    verify,
    waitForEvent: async (type, objectId) => verify(await receiver.waitFor(isAbout(type, objectId))),
    stop: async () => {
      await emulator.stop();
      await receiver.close();
    },
  };
};
