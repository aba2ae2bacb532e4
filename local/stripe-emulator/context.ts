/** What API handlers and hosted pages share: the state, where the emulator is reachable, events. */
import Stripe from 'stripe';
import { newId } from './ids';
import { FaultPlan } from './faults';
import type { DashboardPortalSettings } from './objects/portal-default';
import type { StripeEvent } from './objects/types';
import type { EmulatorState, Store } from './store';
import type { WebhookDispatcher } from './webhooks/dispatcher';
import { unixNow } from './webhooks/signing';
import { deliveryTargets, type DeliveryTarget, type Forwarding } from './webhooks/targets';

/** Events carry the API version of the SDK the app is built with, as a pinned endpoint would. */
export const EVENT_API_VERSION: string = Stripe.API_VERSION;

export interface EmitOptions {
  previousAttributes?: Record<string, unknown>;
  /** Set for Connect events about a connected account (Stripe's top-level `account`). */
  account?: string;
}

export class EmulatorContext {
  /** Base URL put into hosted-page links; known once the server listens. */
  publicUrl = '';
  /** The platform's secret key (Stripe quotes it, redacted, in some errors). */
  secretKey = '';
  /** Failures a test planned for upcoming API calls (`/__control/faults`). */
  readonly faults = new FaultPlan();
  /** Where every event is forwarded besides the webhook endpoints (`setWebhookUrl`), if anywhere. */
  forwarding: Forwarding | undefined;
  /** What the account's default billing portal configuration is (see objects/portal-default.ts). */
  dashboardPortalSettings: DashboardPortalSettings = 'plan-switching';

  constructor(
    readonly store: Store,
    readonly webhooks: WebhookDispatcher,
  ) {}

  get state(): EmulatorState {
    return this.store.state;
  }

  /** Records an event (a snapshot of `object` now) and starts delivering it. */
  emit(type: string, object: object, options: EmitOptions = {}): StripeEvent {
    const routing = { type, ...(options.account === undefined ? {} : { account: options.account }) };
    const targets = this.targetsOf(routing);
    const event: StripeEvent = {
      id: newId('event'),
      object: 'event',
      ...(options.account === undefined ? {} : { account: options.account }),
      api_version: EVENT_API_VERSION,
      created: unixNow(),
      data: {
        object: structuredClone(object),
        ...(options.previousAttributes === undefined
          ? {}
          : { previous_attributes: options.previousAttributes }),
      },
      livemode: false,
      pending_webhooks: targets.length,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.state.events.push(event);
    this.store.changed();
    this.webhooks.deliver(event, targets);
    return event;
  }

  /** Sends a stored event again (same id) to where it goes now, as Stripe does when you resend it. */
  resend(event: StripeEvent): void {
    this.webhooks.deliver(event, this.targetsOf(event));
  }

  private targetsOf(event: Pick<StripeEvent, 'type' | 'account'>): DeliveryTarget[] {
    return deliveryTargets(Object.values(this.state.webhookEndpoints), this.forwarding, event);
  }
}
