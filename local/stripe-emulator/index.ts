/**
 * A local Stripe emulator that speaks the part of Stripe's REST API Shutterlane uses, so the app
 * runs the real `stripe` SDK against it: `new Stripe(secretKey, { host, port, protocol: 'http' })`.
 * It serves hosted checkout, Connect onboarding, Express dashboard and billing portal pages, and
 * sends webhooks signed exactly like Stripe's.
 */
import { createServer } from 'node:http';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';
import { EmulatorContext } from './context';
import { pruneExpired } from './api/idempotency';
import { expireAllDue, expireOpenCheckoutSession } from './objects/checkout';
import type { DashboardPortalSettings } from './objects/portal-default';
import { revealedEndpoints, type RevealedEndpoint } from './objects/webhook-endpoints';
import { createRequestListener } from './server';
import { Store } from './store';
import { WebhookDispatcher } from './webhooks/dispatcher';

export interface StripeEmulatorOptions {
  port: number;
  /** Persist state to `${dataDir}/stripe.json`; in memory only when absent. */
  dataDir?: string;
  secretKey: string;
  /**
   * Signs what is forwarded to `webhookUrl` (`stripe listen`-style forwarding), needed only for it:
   * webhook endpoints made through the API have their own secrets.
   */
  webhookSecret?: string;
  /** Signs connected accounts' events forwarded to `webhookUrl`; `webhookSecret` when absent. */
  connectWebhookSecret?: string;
  /**
   * Forward every event here, platform and Connect alike, as `stripe listen --forward-to` does; also
   * settable later with `setWebhookUrl`. Webhook endpoints made through the API receive events either way.
   */
  webhookUrl?: string;
  /** The account's default billing portal configuration (see objects/portal-default.ts; default 'plan-switching'). */
  dashboardPortalSettings?: DashboardPortalSettings;
  /** Base URL of hosted pages in links handed out (default `http://localhost:<port>`). */
  publicUrl?: string;
  /** Delays before each retry of a failed delivery (default 1 s, 5 s, 30 s, 2 min). */
  webhookRetryDelaysMs?: readonly number[];
}

export interface StripeEmulator {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Forwards every event to `url` (signed with `webhookSecret`, Connect events with `connectWebhookSecret`); undefined stops it. */
  setWebhookUrl(url: string | undefined): void;
  expireSession(id: string): Promise<void>;
  /** The webhook endpoints with their signing secrets, as the Dashboard reveals them (the API shows a secret once). */
  webhookEndpointSecrets(): RevealedEndpoint[];
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often sessions past `expires_at` are expired (and their events sent) without being looked at. */
const EXPIRY_SWEEP_MS = 15_000;

export const startStripeEmulator = async (options: StripeEmulatorOptions): Promise<StripeEmulator> => {
  const store = await Store.open(options.dataDir);
  pruneExpired(store.state.idempotency);
  const webhooks = new WebhookDispatcher({
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  });
  const ctx = new EmulatorContext(store, webhooks);
  ctx.dashboardPortalSettings = options.dashboardPortalSettings ?? 'plan-switching';
  ctx.secretKey = options.secretKey;
  const setWebhookUrl = (url: string | undefined) => {
    if (url !== undefined && options.webhookSecret === undefined)
      throw new Error('Forwarding events to a URL needs a webhookSecret to sign them with');
    ctx.forwarding =
      url === undefined || options.webhookSecret === undefined
        ? undefined
        : {
            url,
            secret: options.webhookSecret,
            connectSecret: options.connectWebhookSecret ?? options.webhookSecret,
          };
  };
  setWebhookUrl(options.webhookUrl);
  const server = createServer(createRequestListener(ctx, options.secretKey));
  const port = await listenOn(server, options.port, 'the Stripe emulator', 'STRIPE_PORT');
  const url = `http://localhost:${port}`;
  ctx.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  const sweep = setInterval(() => expireAllDue(ctx), EXPIRY_SWEEP_MS);
  sweep.unref();
  return {
    url,
    port,
    setWebhookUrl,
    webhookEndpointSecrets: () => revealedEndpoints(ctx),
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
