import * as z from 'zod/mini';

/**
 * A pricing-table reference: what /pricing passes to Stripe's pricing table as `client-reference-id`
 * for a signed-in seller, minted by POST /billing/pricing-table-reference. Random only (no seller id in
 * it); the server keeps which seller it is for. Stripe drops a client reference silently unless it is
 * at most 200 letters, digits, dashes and underscores, which this shape always is (47 characters).
 */
export const PRICING_TABLE_REFERENCE_PATTERN = /^ptr_[A-Za-z0-9_-]{43}$/;

export const PricingTableReference = z
  .string()
  .check(z.regex(PRICING_TABLE_REFERENCE_PATTERN, 'Invalid pricing-table reference'));

export const PricingTableReferenceResponse = z.object({
  reference: PricingTableReference,
  /**
   * How long a checkout may still be started with it. Relative, so the page can renew it in time
   * whatever its own clock says; a checkout started later subscribes nobody.
   */
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type PricingTableReferenceResponse = z.infer<typeof PricingTableReferenceResponse>;
