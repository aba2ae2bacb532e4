/**
 * What customers did with an order link or a public gallery, as counts only: no cookie, no visitor id,
 * nothing about who did it (docs/decisions.md, "What customers did"). Counted where the product already
 * makes a call (opening, searching; picks and paid are the sales counters' own counts) and, for what makes
 * no call of its own (views and downloads), from a small batched count call the page sends as it is
 * hidden. Pure: the storage is functions/domains/activity.
 */

/** The most a single count call may add to one count: one call cannot inflate a figure by much. */
export const ACTIVITY_MAX_PER_CALL = 500;
/** The most orders one read of the seller's order activity names (a page of the orders list fits). */
export const ACTIVITY_MAX_ORDERS_PER_READ = 100;

/** The counts the page sends (no call of their own): photos opened in the viewer, and downloads. */
export const ORDER_BEACON_FIELDS = ['photoViews', 'singleDownloads', 'zipDownloads'] as const;
export const GALLERY_BEACON_FIELDS = ['photoViews'] as const;
export type BeaconField = (typeof ORDER_BEACON_FIELDS)[number];

/** Every field an activity item holds; each is only ever added to. */
export const ACTIVITY_FIELDS = [
  'opened',
  'photoViews',
  'singleDownloads',
  'zipDownloads',
  'selfieSearches',
] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];
export type ActivityCounts = Partial<Record<ActivityField, number>>;

export type ActivityTarget = { kind: 'order'; id: string } | { kind: 'gallery'; id: string };

/** The counters' scope of a target: one item per order link and per public gallery. */
export const activityScope = (target: ActivityTarget): string =>
  target.kind === 'order' ? `activity#order#${target.id}` : `activity#public#${target.id}`;

/** The counts worth writing: whole, positive, at most ACTIVITY_MAX_PER_CALL each (zeros write nothing). */
export function countsToAdd(counts: ActivityCounts): ActivityCounts {
  return Object.fromEntries(
    ACTIVITY_FIELDS.flatMap((field) => {
      const value = Math.min(Math.floor(counts[field] ?? 0), ACTIVITY_MAX_PER_CALL);
      return value > 0 ? [[field, value]] : [];
    }),
  );
}

/** The seller's order ids of one read, from the query's comma-separated list, each once. */
export const orderIdsOf = (list: string): string[] => [...new Set(list.split(',').filter(Boolean))];

export interface FunnelStep<K extends string = string> {
  key: K;
  count: number;
  /** The step's share of the first step's count, 0..1 (0 when nothing was opened). */
  share: number;
}

export const FUNNEL_STEPS = ['opened', 'photoViews', 'selfieSearches', 'picks', 'paid'] as const;
export type FunnelKey = (typeof FUNNEL_STEPS)[number];

/**
 * A public gallery's funnel: opened → photos viewed → selfie searches → picks → paid, each as a share of
 * the openings, bounded to 1 (one opening may view many photos). Counts are not per visitor, so a step
 * can outnumber the one before it; the bar then stays full.
 */
export function galleryFunnel(counts: Record<FunnelKey, number>): FunnelStep<FunnelKey>[] {
  const base = counts.opened;
  return FUNNEL_STEPS.map((key) => ({
    key,
    count: counts[key],
    share: base > 0 ? Math.min(1, counts[key] / base) : 0,
  }));
}
