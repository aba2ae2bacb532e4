/**
 * Texts of the pricing-table path of /pricing (ours: the spec shows none). Beside the feature for now;
 * web/src/lib/texts/payments.ts, where the other /pricing texts live, can take them over.
 */
export const pricingTableTexts = {
  loadingPlans: 'Loading plans…', // ours
} as const;
