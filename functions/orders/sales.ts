/**
 * The seller's earnings over time (GET /sales): the seller's monthly counters for the last twelve months
 * and their ranking of galleries, two Queries whatever the number of orders, then the best sellers'
 * names (a handful of reads).
 */
import type { RouteResponse } from '#shared/contract/routes';
import type { BestSeller } from '#shared/schemas/sales';
import { getGallery } from '../domains/galleries/gallery-store';
import { getPublicGallery } from '../domains/public-galleries/public-gallery-store';
import { readCounterMonths, readRanking } from '../domains/orders/sales-counter-store';
import { sellerScope } from '../domains/orders/sales-counters';
import { bestSellers, currenciesOf, lastMonths, monthRows } from '../domains/orders/sales-over-time';

type Unnamed = Omit<BestSeller, 'name'>;

async function named(items: Unnamed[], nameOf: (id: string) => Promise<string | undefined>) {
  return Promise.all(items.map(async (item) => ({ ...item, name: (await nameOf(item.id)) ?? '' })));
}

export async function salesSummary(
  sellerId: string,
  now = new Date(),
): Promise<RouteResponse<'salesSummary'>> {
  const months = lastMonths(now);
  const [counted, ranking] = await Promise.all([
    // Strongly consistent: a seller who has just been paid sees it (a dozen items, twice the read cost).
    readCounterMonths(sellerScope(sellerId), { sinceMonth: months[0], consistent: true }),
    readRanking(sellerId),
  ]);
  const galleryName = async (id: string) => (await getGallery(sellerId, id))?.albumName;
  const publicTitle = async (id: string) => (await getPublicGallery(id))?.settings.title;
  const currencies = await Promise.all(
    currenciesOf(counted, ranking).map(async (currency) => ({
      currency,
      months: monthRows(counted, currency, months),
      galleries: await named(bestSellers(ranking, 'gallery', currency), galleryName),
      publicGalleries: await named(bestSellers(ranking, 'public', currency), publicTitle),
    })),
  );
  return { currencies };
}
