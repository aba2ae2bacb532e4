/**
 * The plan catalogue (our decision: the spec shows neither plans nor prices; see docs/decisions.md).
 * Monthly, rolling plans in GBP; card payments (Connect) only on Advanced; every first subscription
 * starts with a free trial. Stripe prices are found by `lookupKey` (the billing service creates them
 * once when missing), so a price change is a new key, never an edit of what existing subscribers pay.
 */
import { DEFAULT_MONTHLY_UPLOAD_LIMIT } from './constants';

export const PLAN_IDS = ['basic', 'advanced'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Pence per month. */
  monthlyPriceMinor: number;
  currency: 'GBP';
  monthlyPhotoUploadLimit: number;
  paymentAcceptanceEnabled: boolean;
  /** Members the owner may invite (the owner is not counted). */
  teamMembers: number;
  /** Higher ranks are upgrades: they apply at once, moving down waits for the next period. */
  rank: number;
  lookupKey: string;
  features: readonly string[];
}

export const FREE_TRIAL_DAYS = 14;

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPriceMinor: 900,
    currency: 'GBP',
    monthlyPhotoUploadLimit: 1_000,
    paymentAcceptanceEnabled: false,
    teamMembers: 2,
    rank: 1,
    lookupKey: 'shutterlane_basic_monthly_gbp_v1',
    features: [
      '1,000 photo uploads a month',
      'Unlimited free orders with links and QR codes',
      'Original quality or optimised for social media',
      'A team of 3: you and 2 members, each on their own devices',
    ],
  },
  advanced: {
    id: 'advanced',
    name: 'Advanced',
    monthlyPriceMinor: 2400,
    currency: 'GBP',
    monthlyPhotoUploadLimit: 10_000,
    paymentAcceptanceEnabled: true,
    teamMembers: 10,
    rank: 2,
    lookupKey: 'shutterlane_advanced_monthly_gbp_v1',
    features: [
      '10,000 photo uploads a month',
      'Sell photos: customers pay by card',
      '5% fee per sale plus card fees, payouts 28 days after payment',
      'A team of 11: you and 10 members with their own roles',
      'Everything in Basic',
    ],
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

export const planByLookupKey = (lookupKey: string | null | undefined): Plan | undefined =>
  PLAN_LIST.find((plan) => plan.lookupKey === lookupKey);

/** What a seller without a (live) subscription may do: work alone. */
export const NO_PLAN_ENTITLEMENTS = {
  monthlyPhotoUploadLimit: DEFAULT_MONTHLY_UPLOAD_LIMIT,
  paymentAcceptanceEnabled: false,
  teamMembers: 0,
} as const;
