/**
 * The Stripe price of each plan, found by its lookup key and created once when missing (the idempotency
 * key makes concurrent first uses create one price). Cached for the life of the process, per Stripe
 * client: a price belongs to one Stripe account (one emulator, when a process starts several stacks).
 */
import type { Stripe } from '../lib/stripe';
import { PLANS, type PlanId } from '#shared/rules/plans';

const caches = new WeakMap<Stripe, Map<PlanId, Promise<Stripe.Price>>>();

async function findOrCreate(client: Stripe, planId: PlanId): Promise<Stripe.Price> {
  const plan = PLANS[planId];
  const found = await client.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
  const existing = found.data[0];
  if (existing) return existing;
  return client.prices.create(
    {
      currency: plan.currency.toLowerCase(),
      unit_amount: plan.monthlyPriceMinor,
      recurring: { interval: 'month' },
      product_data: { name: `Shutterlane ${plan.name}` },
      lookup_key: plan.lookupKey,
      metadata: { plan: plan.id },
    },
    { idempotencyKey: `plan-price-${plan.lookupKey}` },
  );
}

export function planPrice(client: Stripe, planId: PlanId): Promise<Stripe.Price> {
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  let price = cache.get(planId);
  if (!price) {
    price = findOrCreate(client, planId);
    cache.set(planId, price);
    // A failure is not remembered: the next request tries again.
    price.catch(() => cache.delete(planId));
  }
  return price;
}
