/** What customers did with the seller's order links: a page of the orders list read in one go. */
import { orderIdsOf } from '#shared/rules/activity';
import type { RouteQuery, RouteResponse } from '#shared/contract/routes';
import { readOrderActivities } from '../domains/activity/activity-store';

export async function orderActivity(
  userId: string,
  query: RouteQuery<'orderActivity'>,
): Promise<RouteResponse<'orderActivity'>> {
  const totals = await readOrderActivities(userId, orderIdsOf(query.orderIds));
  return {
    activity: Object.fromEntries(
      [...totals].map(([orderId, counts]) => [
        orderId,
        {
          opened: counts.opened,
          photoViews: counts.photoViews,
          singleDownloads: counts.singleDownloads,
          zipDownloads: counts.zipDownloads,
        },
      ]),
    ),
  };
}
