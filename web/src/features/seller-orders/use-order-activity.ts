/**
 * What customers did with the listed orders' links (opened, photos viewed, downloads): one read for the
 * orders on screen (GET /order-activity, at most ACTIVITY_MAX_ORDERS_PER_READ ids a call), again when
 * more orders are loaded. An order absent from the answer had nothing counted: zeros. A failed read
 * leaves the column empty rather than failing the list.
 */
import { ACTIVITY_MAX_ORDERS_PER_READ } from '#shared/rules/activity';
import type { OrderActivity } from '#shared/schemas/activity';
import { useServices } from '../../lib/services';
import { useQuery } from '../../lib/use-query';

export const NO_ACTIVITY: OrderActivity = { opened: 0, photoViews: 0, singleDownloads: 0, zipDownloads: 0 };

export function useOrderActivity(orderIds: readonly string[]): Record<string, OrderActivity> | undefined {
  const { api } = useServices();
  const query = useQuery({
    key: ['order-activity', ...orderIds],
    enabled: orderIds.length > 0,
    load: async () => {
      const activity: Record<string, OrderActivity> = {};
      for (let i = 0; i < orderIds.length; i += ACTIVITY_MAX_ORDERS_PER_READ) {
        const ids = orderIds.slice(i, i + ACTIVITY_MAX_ORDERS_PER_READ).join(',');
        Object.assign(activity, (await api.orderActivity({ orderIds: ids })).activity);
      }
      return activity;
    },
  });
  return query.status === 'ready' ? query.data : undefined;
}
