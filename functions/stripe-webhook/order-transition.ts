/**
 * Applies a lifecycle decision to an order: read it strongly consistently, decide, write with a
 * compare-and-set on its revision, and on a lost race decide again on the winner's state. Then the
 * dashboard sales change the order holds (this one's, or one a delivery that died left) is applied.
 */
import { logger } from '../lib/logger';
import { changeOrder, getOrder, type OrderRecord } from '../domains/orders/order-store';
import { settleDashboardSales } from './dashboard-sales';
import type { Decision } from './order-lifecycle';

/** Concurrent events of one order are few: a handful of rounds settles any race. */
const MAX_ROUNDS = 5;

export type TransitionResult<D> =
  | { kind: 'missing' }
  | { kind: 'applied'; before: OrderRecord; after: OrderRecord }
  | { kind: 'unchanged'; order: OrderRecord; decision: Exclude<D, { change: unknown }> };

/** Re-reads the order after the write, so what follows (email, sales) works on what is stored. */
async function reread(orderId: string): Promise<OrderRecord> {
  const order = await getOrder(orderId);
  if (!order) throw new Error(`order ${orderId} vanished after a lifecycle change`);
  return order;
}

export async function transitionOrder<D extends Decision | { duplicate: string } | { ended: string }>(
  orderId: string,
  decide: (order: OrderRecord) => D,
  now: Date,
): Promise<TransitionResult<D>> {
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const order = await getOrder(orderId);
    if (!order) return { kind: 'missing' };
    const decision = decide(order);
    if (!('change' in decision)) {
      await settleDashboardSales(order, now);
      return { kind: 'unchanged', order, decision: decision as Exclude<D, { change: unknown }> };
    }
    if (await changeOrder(order, decision.change)) {
      const after = await reread(orderId);
      await settleDashboardSales(after, now);
      return { kind: 'applied', before: order, after };
    }
    logger.info('order changed meanwhile; deciding again', { orderId, round });
  }
  throw new Error(`order ${orderId} kept changing: lifecycle change not applied`);
}
