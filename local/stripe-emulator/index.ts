/**
 * A local Stripe emulator that speaks the part of Stripe's REST API Shutterlane uses, so the app
 * runs the real `stripe` SDK against it: `new Stripe(secretKey, { host, port, protocol: 'http' })`.
 * It serves hosted checkout, Connect onboarding, Express dashboard and billing portal pages, and
 * sends webhooks signed exactly like Stripe's.
 */
import { createServer } from 'node:http';
import { closeServer, listenOn } from '../standins/ports';
import { EmulatorContext } from './context';
import { pruneExpired } from './api/idempotency';
import { expireAllDue, expireOpenCheckoutSession } from './objects/checkout';
import { createRequestListener } from './server';
import { Store } from './store';
import { WebhookDispatcher } from './webhooks/dispatcher';

export interface StripeEmulatorOptions {
  port: number;
  /** Persist state to `${dataDir}/stripe.json`; in memory only when absent. */
  dataDir?: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; none are delivered until it is set. */
  webhookUrl?: string;
  /** Base URL of hosted pages in links handed out (default `http://localhost:<port>`). */
  publicUrl?: string;
  /** Delays before each retry of a failed delivery (default 1 s, 5 s, 30 s, 2 min). */
  webhookRetryDelaysMs?: readonly number[];
}

export interface StripeEmulator {
  url: string;
  port: number;
  stop(): Promise<void>;
  setWebhookUrl(url: string): void;
  expireSession(id: string): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often sessions past `expires_at` are expired (and their events sent) without being looked at. */
const EXPIRY_SWEEP_MS = 15_000;

export const startStripeEmulator = async (options: StripeEmulatorOptions): Promise<StripeEmulator> => {
  const store = await Store.open(options.dataDir);
  pruneExpired(store.state.idempotency);
  const webhooks = new WebhookDispatcher({
    secret: options.webhookSecret,
    url: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  });
  const ctx = new EmulatorContext(store, webhooks);
  const server = createServer(createRequestListener(ctx, options.secretKey));
  const port = await listenOn(server, options.port, 'the Stripe emulator', 'STRIPE_PORT');
  const url = `http://localhost:${port}`;
  ctx.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  const sweep = setInterval(() => expireAllDue(ctx), EXPIRY_SWEEP_MS);
  sweep.unref();
  return {
    url,
    port,
    setWebhookUrl: (webhookUrl) => webhooks.setUrl(webhookUrl),
    expireSession: async (id) => {
      expireOpenCheckoutSession(ctx, id);
      await store.flush();
    },
    stop: async () => {
      clearInterval(sweep);
      await webhooks.stop();
      await closeServer(server);
      await store.flush();
    },
  };
};
