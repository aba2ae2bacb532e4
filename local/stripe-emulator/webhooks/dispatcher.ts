/**
 * Delivers events to the webhook endpoint in the background, like Stripe: a POST of the event
 * JSON, signed afresh for each attempt; any non-2xx answer or network error is retried with
 * growing delays. Callers never wait for a delivery, so hosted pages answer at once.
 */
import type { StripeEvent } from '../objects/types';
import { stripeSignatureHeader } from './signing';

export interface DeliveryAttempt {
  eventId: string;
  url: string;
  attempt: number;
  /** HTTP status, or undefined when the request failed before an answer. */
  status?: number;
  error?: string;
  at: number;
}

export interface DispatcherOptions {
  secret: string;
  url?: string;
  /** Delay before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

/** Keep the log of attempts bounded in a long-running `npm start`. */
const MAX_LOGGED_ATTEMPTS = 500;

export class WebhookDispatcher {
  private url: string | undefined;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  readonly attempts: DeliveryAttempt[] = [];

  constructor(private readonly options: DispatcherOptions) {
    this.url = options.url;
  }

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  /** Starts delivering; returns immediately. Events are not delivered while no URL is set. */
  deliver(event: StripeEvent): void {
    const url = this.url;
    if (url === undefined || this.stopped) return;
    this.attempt(event, url, 1);
  }

  private attempt(event: StripeEvent, url: string, attempt: number): void {
    const sending = this.send(event, url, attempt).then((delivered) => {
      this.inFlight.delete(sending);
      const delay = this.options.retryDelaysMs[attempt - 1];
      if (!delivered && delay !== undefined && !this.stopped) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.attempt(event, url, attempt + 1);
        }, delay);
        this.timers.add(timer);
      }
    });
    this.inFlight.add(sending);
  }

  private async send(event: StripeEvent, url: string, attempt: number): Promise<boolean> {
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const record: DeliveryAttempt = { eventId: event.id, url, attempt, at: Date.now() };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, this.options.secret),
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
