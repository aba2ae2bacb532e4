/**
 * The page's batched count call (POST /public/activity): photos viewed and downloads, which make no call
 * of their own (signed URLs, a ZIP built in the browser, previews from the CDN). Counted only for an
 * order that exists or a public gallery open to customers, so no one can make counters for ids that do
 * not exist; the counts' bounds are the body's schema (shared/schemas/activity.ts).
 */
import { serverErrors } from '#shared/texts/errors';
import type { RouteBody } from '#shared/contract/routes';
import { notFound } from '../lib/http-error';
import { addActivity } from '../domains/activity/activity-store';
import { getOrder } from '../domains/orders/order-store';
import { openRecord } from './access';

export async function recordActivity(body: RouteBody<'recordActivity'>, now = new Date()): Promise<void> {
  if (body.kind === 'order') {
    const order = await getOrder(body.id);
    if (!order) throw notFound(serverErrors.orderNotFound);
    await addActivity({ kind: 'order', id: order.orderId }, order.sellerId, body.counts);
    return;
  }
  // Closed, unpublished and unknown galleries answer alike (404), as the gallery's own calls do.
  const record = await openRecord(body.id, now);
  await addActivity({ kind: 'gallery', id: record.publicId }, record.userId, body.counts);
}
