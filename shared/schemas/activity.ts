/**
 * What customers did, as counts (shared/rules/activity.ts): the page's count call, and what the seller
 * reads per order link and per public gallery.
 */
import * as z from 'zod/mini';
import {
  ACTIVITY_MAX_ORDERS_PER_READ,
  ACTIVITY_MAX_PER_CALL,
  GALLERY_BEACON_FIELDS,
  ORDER_BEACON_FIELDS,
} from '../rules/activity';
import { Id } from './common';

const Count = z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(ACTIVITY_MAX_PER_CALL)));

/** An object of the named counts, each of the given schema: the field lists of the rules are the one source. */
const countsOf = <F extends string, S extends z.ZodMiniType>(fields: readonly F[], count: S) =>
  Object.fromEntries(fields.map((field) => [field, count])) as Record<F, S>;

/**
 * The page's count call (sent with sendBeacon as it is hidden): an order link's photos viewed and
 * downloads, or a public gallery's photos viewed. Each count is bounded, so one call adds little.
 */
export const ActivityBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    id: Id,
    counts: z.strictObject(countsOf(ORDER_BEACON_FIELDS, Count)),
  }),
  z.object({
    kind: z.literal('gallery'),
    id: Id,
    counts: z.strictObject(countsOf(GALLERY_BEACON_FIELDS, Count)),
  }),
]);
export type ActivityBody = z.infer<typeof ActivityBody>;

/** An order link's counts, as the seller reads them: opened, and what the page counted. */
export const OrderActivity = z.object(countsOf(['opened', ...ORDER_BEACON_FIELDS] as const, z.number()));
export type OrderActivity = z.infer<typeof OrderActivity>;

/** A public gallery's funnel, as the seller reads it; `paid` is its sales counters' paid orders. */
export const GalleryActivity = z.object({
  opened: z.number(),
  photoViews: z.number(),
  selfieSearches: z.number(),
  picks: z.number(),
  paid: z.number(),
});
export type GalleryActivity = z.infer<typeof GalleryActivity>;

/** Order ids, comma-separated (a page of the orders list). */
export const OrderActivityQuery = z.object({
  orderIds: z
    .string()
    .check(
      z.regex(
        new RegExp(`^[A-Za-z0-9_-]{8,64}(,[A-Za-z0-9_-]{8,64}){0,${ACTIVITY_MAX_ORDERS_PER_READ - 1}}$`),
        `up to ${ACTIVITY_MAX_ORDERS_PER_READ} order ids, comma-separated`,
      ),
    ),
});

/** Per order id asked for that is the seller's and was counted: its counts (absent: nothing counted yet). */
export const OrderActivityList = z.object({ activity: z.record(z.string(), OrderActivity) });
export type OrderActivityList = z.infer<typeof OrderActivityList>;
