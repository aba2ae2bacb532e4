/** Brings the plans' billing portal configuration to what the plan rules need (or says what it would do). */
import type Stripe from 'stripe';
import { planPrice } from '../../functions/billing/plan-prices';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/rules/plans';
import type { Action } from './apply-endpoints';
import {
  isPlansPortal,
  portalDifferences,
  wantedPortalConfiguration,
  type PlanPortalPrice,
} from './portal-configuration';

export interface PortalOutcome {
  action: Action;
  /** Null when it would be created. */
  id: string | null;
  /** What an update changes (or would). */
  differences: string[];
  /** Plans whose price does not exist yet (a dry run does not create them). */
  missingPrices: PlanId[];
}

const productOf = (price: Stripe.Price): string =>
  typeof price.product === 'string' ? price.product : price.product.id;

/**
 * The plans' prices, found by lookup key; a real run creates a missing one exactly as the billing
 * function does (same parameters and idempotency key), so the two can never make two prices.
 */
const findPlanPrice = async (
  client: Stripe,
  plan: PlanId,
  dryRun: boolean,
): Promise<Stripe.Price | undefined> => {
  if (!dryRun) return planPrice(client, plan);
  const found = await client.prices.list({ lookup_keys: [PLANS[plan].lookupKey], active: true, limit: 1 });
  return found.data[0];
};

const planPortalPrices = async (client: Stripe, dryRun: boolean) => {
  const prices: PlanPortalPrice[] = [];
  const missing: PlanId[] = [];
  for (const plan of PLAN_IDS) {
    const price = await findPlanPrice(client, plan, dryRun);
    if (price === undefined) missing.push(plan);
    else prices.push({ plan, price: price.id, product: productOf(price) });
  }
  return { prices, missing };
};

export async function setUpPortalConfiguration(
  client: Stripe,
  siteOrigin: string,
  dryRun: boolean,
): Promise<PortalOutcome> {
  const { prices, missing } = await planPortalPrices(client, dryRun);
  const wanted = wantedPortalConfiguration(siteOrigin, prices);
  const configurations = await client.billingPortal.configurations
    .list({ limit: 100 })
    .autoPagingToArray({ limit: 1000 });
  const existing = configurations.find(isPlansPortal);
  if (existing === undefined) {
    const created = dryRun ? undefined : await client.billingPortal.configurations.create(wanted);
    return {
      action: dryRun ? 'would create' : 'created',
      id: created?.id ?? null,
      differences: [],
      missingPrices: missing,
    };
  }
  const differences = portalDifferences(existing, wanted);
  if (differences.length === 0)
    return { action: 'unchanged', id: existing.id, differences, missingPrices: missing };
  if (!dryRun) await client.billingPortal.configurations.update(existing.id, { ...wanted, active: true });
  return {
    action: dryRun ? 'would update' : 'updated',
    id: existing.id,
    differences,
    missingPrices: missing,
  };
}
