import { describe, expect, it, vi } from 'vitest';
import type { Stripe } from '../lib/stripe';
import { planPrice } from './plan-prices';

/** A Stripe account holding one price for every lookup key. */
function account(priceId: string) {
  const list = vi.fn(async () => ({ data: [{ id: priceId }] }));
  return { client: { prices: { list, create: vi.fn() } } as unknown as Stripe, list };
}

describe('planPrice', () => {
  it('looks a price up once per Stripe client, and again for another account', async () => {
    const first = account('price_first');
    const second = account('price_second');
    expect((await planPrice(first.client, 'basic')).id).toBe('price_first');
    expect((await planPrice(first.client, 'basic')).id).toBe('price_first');
    expect(first.list).toHaveBeenCalledTimes(1);
    // A second account (another emulator in the same process) never gets the first one's price.
    expect((await planPrice(second.client, 'basic')).id).toBe('price_second');
  });
});
