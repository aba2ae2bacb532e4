/**
 * Subscription rules: which plan entitlements a subscription state gives, and whether a subscription
 * snapshot from a webhook may replace the stored one. Stripe does not promise delivery order, so a
 * snapshot is applied only when it is newer (the event's `created`), with the status order breaking
 * ties inside one second; a canceled subscription never comes back, and another subscription's end
 * never touches the current one.
 */
import { NO_PLAN_ENTITLEMENTS, PLANS, type PlanId } from './plans';

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'incomplete_expired',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Lifecycle order: a later status never gives way to an earlier one delivered in the same second. */
const STATUS_ORDER: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  incomplete_expired: 5,
  canceled: 5,
};

/** Statuses that keep the plan's entitlements (past_due: Stripe is still retrying the payment). */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due']);
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

export const isLiveStatus = (status: string | undefined): boolean =>
  status !== undefined && LIVE_STATUSES.has(status);

/** What a webhook says about a subscription, reduced to what we keep. Times are Unix seconds. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PlanId | undefined;
  startDate: number;
  currentPeriodStart: number | undefined;
  currentPeriodEnd: number | undefined;
  trialEnd: number | undefined;
  cancelAtPeriodEnd: boolean;
  /** The `created` of the event that carried it. */
  eventCreated: number;
}

/** The stored state the decision needs. */
export interface StoredSubscriptionState {
  stripeSubscriptionId?: string;
  subscriptionStatus?: string;
  subscriptionEventCreated?: number;
}

export function shouldApplySnapshot(
  stored: StoredSubscriptionState,
  incoming: SubscriptionSnapshot,
): boolean {
  const storedStatus = stored.subscriptionStatus;
  if (stored.stripeSubscriptionId === undefined || storedStatus === undefined) return true;
  const storedCreated = stored.subscriptionEventCreated ?? 0;
  if (stored.stripeSubscriptionId !== incoming.subscriptionId) {
    // Another subscription: its end says nothing about the current one; a live one replaces an
    // ended one, or a live one it is newer than.
    if (ENDED_STATUSES.has(incoming.status)) return false;
    return ENDED_STATUSES.has(storedStatus) || incoming.eventCreated > storedCreated;
  }
  if (ENDED_STATUSES.has(storedStatus)) return false;
  if (incoming.eventCreated !== storedCreated) return incoming.eventCreated > storedCreated;
  const storedOrder = isSubscriptionStatus(storedStatus) ? STATUS_ORDER[storedStatus] : 0;
  return STATUS_ORDER[incoming.status] >= storedOrder;
}

export interface PlanEntitlements {
  monthlyPhotoUploadLimit: number;
  paymentAcceptanceEnabled: boolean;
  /** Members the owner may invite. */
  teamMembers: number;
}

export function entitlementsFor(status: string | undefined, plan: PlanId | undefined): PlanEntitlements {
  if (!isLiveStatus(status) || plan === undefined) return { ...NO_PLAN_ENTITLEMENTS };
  const { monthlyPhotoUploadLimit, paymentAcceptanceEnabled, teamMembers } = PLANS[plan];
  return { monthlyPhotoUploadLimit, paymentAcceptanceEnabled, teamMembers };
}

/**
 * The period monthly uploads are counted in: the live subscription's billing period (its start, as
 * ISO text), otherwise the calendar month (YYYY-MM). A count stored under another key reads as zero,
 * so counts reset when a new billing period starts without any write.
 */
export function usagePeriodKey(
  record: { subscriptionStatus?: string; currentPeriodStart?: string },
  now: Date,
): string {
  if (isLiveStatus(record.subscriptionStatus) && record.currentPeriodStart) return record.currentPeriodStart;
  return now.toISOString().slice(0, 7);
}
