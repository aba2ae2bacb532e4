/**
 * A CSV of the seller's sales ordered between two days (POST /sales/export). The rows are read a page of
 * the sales index at a time and streamed through the CSV writer into a multipart upload to the derived
 * bucket, so a year of orders never sits in the function's memory (the HTTP API cannot stream an answer);
 * the answer is a link signed for a few minutes. The file expires a day later (data stack).
 */
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { objectKeys } from '#shared/platform/storage-layout';
import { getGallery } from '../domains/galleries/gallery-store';
import { salesCreatedBetween, type OrderRecord } from '../domains/orders/order-store';
import { SALES_EXPORT_COLUMNS, salesExportRow } from '../domains/orders/sales-export-rows';
import { teamNames } from '../domains/teams/team-names';
import { bucketsEnv } from '../lib/env';
import { newExportId } from '../lib/ids';
import { signedGetUrl, streamToObject } from '../lib/s3';

/** How long the download link works: the seller's browser follows it at once. */
export const SALES_EXPORT_LINK_SECONDS = 300;

/** Every sale in the range, page by page. */
async function* salesIn(sellerId: string, body: RouteBody<'exportSales'>): AsyncGenerator<OrderRecord[]> {
  const range = { fromIso: `${body.from}T00:00:00.000Z`, toIso: `${body.to}T23:59:59.999Z` };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await salesCreatedBetween(sellerId, range, startKey);
    yield page.orders;
    startKey = page.lastKey;
  } while (startKey);
}

/** Gallery names, each read once per export. */
function galleryNames(sellerId: string) {
  const names = new Map<string, Promise<string>>();
  return (galleryId: string) => {
    if (!names.has(galleryId))
      names.set(
        galleryId,
        getGallery(sellerId, galleryId).then((gallery) => gallery?.albumName ?? ''),
      );
    return names.get(galleryId)!;
  };
}

export async function exportSales(
  sellerId: string,
  body: RouteBody<'exportSales'>,
): Promise<RouteResponse<'exportSales'>> {
  const bucket = bucketsEnv().DERIVED_BUCKET;
  const key = objectKeys.salesExport(newExportId());
  const csv = stringify({ header: true, columns: [...SALES_EXPORT_COLUMNS] });
  const uploaded = streamToObject(bucket, key, csv, {
    contentType: 'text/csv; charset=utf-8',
    contentDisposition: `attachment; filename="shutterlane-sales-${body.from}-to-${body.to}.csv"`,
  });
  // Awaited below; marked handled now, so a failure before then does not count as unhandled.
  uploaded.catch(() => undefined);
  const [creators, galleryName] = [await teamNames(sellerId), galleryNames(sellerId)];
  let orders = 0;
  try {
    for await (const page of salesIn(sellerId, body))
      for (const order of page) {
        const creator = creators.get(order.createdBy ?? sellerId) ?? '';
        const row = salesExportRow(order, { gallery: await galleryName(order.galleryId), creator });
        // A failed upload stops reading: its failure ends the wait for room too.
        if (!csv.write(row)) await Promise.race([once(csv, 'drain'), uploaded]);
        orders += 1;
      }
    csv.end();
  } catch (error) {
    // The upload then fails too (its parts expire with the bucket's lifecycle rule).
    csv.destroy(error as Error);
    await uploaded.catch(() => undefined);
    throw error;
  }
  await uploaded;
  return { url: await signedGetUrl(bucket, key, SALES_EXPORT_LINK_SECONDS), orders };
}
