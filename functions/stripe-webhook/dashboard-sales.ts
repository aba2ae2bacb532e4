/**
 * The seller's dashboard sales (`totalSalesMinor`: what customers paid, net of refunds and lost
 * disputes), moved exactly once per event. A lifecycle change writes the sales change it causes onto the
 * order in the same conditional write (`pendingSalesOps`); this then applies each to the seller's
 * record, where the op's id is noted in the same write as the addition (so a repeat adds nothing), and
 * forgets it on the order. A delivery that dies half-way leaves the op on the order; Stripe's retry of
 * the event (or any later event of the order) settles it.
 */
import { logger } from '../lib/logger';
import { removeSalesOps, type OrderRecord } from '../domains/orders/order-store';
import { addSalesOnce } from '../domains/sellers/dashboard-counter-store';

/** `{delta}:{op id}`: a set of strings on the order, since DynamoDB sets hold no objects. */
export const encodeSalesOp = (opId: string, deltaMinor: number): string => `${deltaMinor}:${opId}`;

export function decodeSalesOp(op: string): { opId: string; deltaMinor: number } | undefined {
  const match = /^(-?\d+):(.+)$/.exec(op);
  if (!match?.[1] || !match[2]) return undefined;
  return { deltaMinor: Number(match[1]), opId: match[2] };
}

/** Applies the order's pending sales changes to its seller's record, each once, then forgets them. */
export async function settleDashboardSales(order: OrderRecord, now: Date): Promise<void> {
  const ops = [...(order.pendingSalesOps ?? [])];
  for (const op of ops) {
    const decoded = decodeSalesOp(op);
    if (!decoded) {
      logger.error('unreadable dashboard sales change dropped', { orderId: order.orderId, op });
      continue;
    }
    // Named by order and event: the seller's record notes it, so a second application adds nothing.
    await addSalesOnce(order.sellerId, `${order.orderId}:${decoded.opId}`, decoded.deltaMinor, now);
  }
  await removeSalesOps(order.orderId, ops);
}
