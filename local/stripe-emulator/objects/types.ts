/**
 * The Stripe objects the emulator keeps. The money objects (payment intents, charges, refunds,
 * disputes, balance transactions, application fees) are the `stripe` package's own types, complete,
 * so they cannot drift from Stripe's; the older ones below are shaped like Stripe's (the subset of
 * fields Shutterlane reads plus the ones that identify an object: `id`, `object`, `created`, `livemode`).
 */
import type Stripe from 'stripe';

export type Metadata = Record<string, string>;
export type CapabilityStatus = 'inactive' | 'pending' | 'active';
export type AccountType = 'express' | 'standard' | 'custom';

export interface Account {
  id: string;
  object: 'account';
  /** `none` for an account made with `controller` that matches no type (Stripe's value). */
  type: AccountType | 'none';
  /** Absent in files written by an older emulator (read through `controllerOf`). */
  controller?: Stripe.Account.Controller;
  country: string;
  email: string | null;
  created: number;
  default_currency: string;
  business_type: string | null;
  business_profile: { name: string | null; url: string | null; product_description: string | null };
  capabilities: Record<string, CapabilityStatus>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
    current_deadline: number | null;
    errors: never[];
  };
  /**
   * Only `payouts` of Stripe's settings is modelled. Absent in files written by an older emulator
   * (read through `payoutSettingsOf`).
   */
  settings?: { payouts: Stripe.Account.Settings.Payouts };
  metadata: Metadata;
}

export interface LineItem {
  id: string;
  object: 'item';
  description: string;
  currency: string;
  quantity: number;
  amount_subtotal: number;
  amount_total: number;
  price: Price;
}

export interface Price {
  id: string;
  object: 'price';
  /** The product name, kept so the portal can show what a subscription is for. */
  nickname: string;
  currency: string;
  unit_amount: number;
  product: string;
  recurring: { interval: string; interval_count: number } | null;
  type: 'one_time' | 'recurring';
  lookup_key: string | null;
  active: boolean;
  created: number;
  metadata: Metadata;
  livemode: false;
}

export type CheckoutMode = 'payment' | 'subscription';

export interface CustomerDetails {
  email: string;
  name: string | null;
  phone: null;
  address: null;
  tax_exempt: 'none';
  tax_ids: never[];
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: CheckoutMode;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: CustomerDetails | null;
  metadata: Metadata;
  payment_intent: string | null;
  subscription: string | null;
  livemode: false;
  locale: string | null;
  ui_mode: 'hosted';
  /** What the session offers (see objects/payment-method-types.ts). */
  payment_method_types: string[];
  /** The `allowed_payment_method_types` filter it was created with; absent in older files. */
  allowed_payment_method_types?: string[] | null;
}

export interface PaymentIntentData {
  application_fee_amount: number | null;
  destination: string | null;
  description: string | null;
  metadata: Metadata;
}

export interface StoredCheckoutSession {
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentData: PaymentIntentData;
  subscriptionMetadata: Metadata;
  /** `subscription_data[trial_period_days]`; absent in files written by an older emulator. */
  subscriptionTrialDays?: number | null;
}

export type PaymentIntent = Stripe.PaymentIntent;

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  created: number;
  metadata: Metadata;
  livemode: false;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  trial_start: number | null;
  trial_end: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: string;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  metadata: Metadata;
  livemode: false;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: LineItem['price'];
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

/** The subset of Stripe's invoice that subscription webhooks carry (API 2025+: subscription under `parent`). */
export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  lines: {
    object: 'list';
    data: { id: string; object: 'line_item'; amount: number; period: { start: number; end: number } }[];
    has_more: false;
    url: string;
  };
  created: number;
  livemode: false;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  /** The configuration it follows; absent in files written by an older emulator (the default one). */
  configuration?: string;
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export type ProrationBehavior = 'none' | 'create_prorations' | 'always_invoice';
export type ScheduleCondition = 'decreasing_item_amount' | 'shortening_interval';
export type TrialUpdateBehavior = 'continue_trial' | 'end_trial';

export interface PortalProduct {
  product: string;
  prices: string[];
  adjustable_quantity: { enabled: boolean; maximum: number | null; minimum: number };
}

export interface PortalFeatures {
  customer_update: { allowed_updates: string[]; enabled: boolean };
  invoice_history: { enabled: boolean };
  payment_method_update: { enabled: boolean; payment_method_configuration: string | null };
  subscription_cancel: {
    cancellation_reason: { enabled: boolean; options: string[] };
    enabled: boolean;
    mode: 'at_period_end' | 'immediately';
    proration_behavior: ProrationBehavior;
  };
  subscription_pause: { enabled: boolean };
  subscription_update: {
    billing_cycle_anchor: 'now' | 'unchanged' | null;
    default_allowed_updates: string[];
    enabled: boolean;
    products: PortalProduct[];
    proration_behavior: ProrationBehavior;
    schedule_at_period_end: { conditions: { type: ScheduleCondition }[] };
    trial_update_behavior: TrialUpdateBehavior;
  };
}

export interface PortalConfiguration {
  id: string;
  object: 'billing_portal.configuration';
  active: boolean;
  application: null;
  business_profile: {
    headline: string | null;
    privacy_policy_url: string | null;
    terms_of_service_url: string | null;
  };
  created: number;
  default_return_url: string | null;
  features: PortalFeatures;
  is_default: boolean;
  livemode: false;
  login_page: { enabled: boolean; url: string | null };
  metadata: Metadata;
  name: string | null;
  updated: number;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  status: 'enabled' | 'disabled';
  url: string;
}

/**
 * What the emulator keeps about an endpoint beyond what the API shows: its signing secret (Stripe shows
 * it only in the answer to the create call) and whether it is a Connect endpoint (write-only in Stripe's
 * API: the object never says).
 */
export interface StoredWebhookEndpoint {
  endpoint: WebhookEndpoint;
  secret: string;
  connect: boolean;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface AccountLinkRecord {
  token: string;
  account: string;
  refresh_url: string;
  return_url: string;
  type: 'account_onboarding' | 'account_update';
  expires_at: number;
  used: boolean;
}

export interface LoginLinkRecord {
  token: string;
  account: string;
  created: number;
}

export interface IdempotencyRecord {
  key: string;
  /** The `Stripe-Account` the request was made for (null: the platform); absent in older files. */
  account?: string | null;
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: unknown;
  created: number;
}
