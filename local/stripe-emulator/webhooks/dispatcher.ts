/**
 * Delivers events to their targets (webhook endpoints, the forwarding URL) in the background, like
 * Stripe: a POST of the event JSON, signed afresh for each attempt with the target's secret; any
 * non-2xx answer or network error is retried with growing delays, each target on its own. Callers
 * never wait for a delivery, so hosted pages answer at once.
 */
import type { StripeEvent } from '../objects/types';
import { stripeSignatureHeader } from './signing';
import type { DeliveryTarget } from './targets';

export interface DeliveryAttempt {
  eventId: string;
  url: string;
  /** The webhook endpoint's id; null for the forwarding URL. */
  endpoint: string | null;
  attempt: number;
  /** HTTP status, or undefined when the request failed before an answer. */
  status?: number;
  error?: string;
  at: number;
}

export interface DispatcherOptions {
  /** Delay before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

/** Keep the log of attempts bounded in a long-running `npm start`. */
const MAX_LOGGED_ATTEMPTS = 500;

export class WebhookDispatcher {
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  readonly attempts: DeliveryAttempt[] = [];

  constructor(private readonly options: DispatcherOptions) {}

  /** Starts delivering to each target; returns immediately. */
  deliver(event: StripeEvent, targets: readonly DeliveryTarget[]): void {
    if (this.stopped) return;
    for (const target of targets) this.attempt(event, target, 1);
  }

  private attempt(event: StripeEvent, target: DeliveryTarget, attempt: number): void {
    const sending = this.send(event, target, attempt).then((delivered) => {
      this.inFlight.delete(sending);
      const delay = this.options.retryDelaysMs[attempt - 1];
      if (!delivered && delay !== undefined && !this.stopped) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.attempt(event, target, attempt + 1);
        }, delay);
        this.timers.add(timer);
      }
    });
    this.inFlight.add(sending);
  }

  private async send(event: StripeEvent, target: DeliveryTarget, attempt: number): Promise<boolean> {
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const { url, endpoint } = target;
    const record: DeliveryAttempt = { eventId: event.id, url, endpoint, attempt, at: Date.now() };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, target.secret),
        },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      await response.arrayBuffer();
      record.status = response.status;
      return response.ok;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      return false;
    } finally {
      this.log(record);
    }
  }

  private log(record: DeliveryAttempt): void {
    this.attempts.push(record);
    if (this.attempts.length > MAX_LOGGED_ATTEMPTS) this.attempts.shift();
  }

  /** Drops pending retries and aborts deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
    await Promise.all(this.inFlight);
  }
}
