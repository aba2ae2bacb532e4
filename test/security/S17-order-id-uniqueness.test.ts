/**
 * S17: the order ids the product hands out (functions/lib/ids.ts, the generator every order is made with)
 * do not repeat: a million of them, all distinct and all of the shape the API accepts.
 */
import { describe, expect, it } from 'vitest';
import { newOrderId } from '../../functions/lib/ids';
import { OrderIdParams } from '#shared/schemas/order';

const COUNT = 1_000_000;

describe('S17 generated order ids never repeat', () => {
  it('makes 1,000,000 distinct order ids, each a valid order id', () => {
    const seen = new Set<string>();
    for (let i = 0; i < COUNT; i++) seen.add(newOrderId());
    expect(seen.size).toBe(COUNT);
    // Every one is what the public order routes accept (checked on a sample: the parse is the slow part).
    const sample = [...seen].filter((_, i) => i % 10_000 === 0);
    for (const orderId of sample) expect(OrderIdParams.safeParse({ orderId }).success, orderId).toBe(true);
    // 128 random bits: 22 base64url characters.
    expect(sample.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
  });
});
