/** Texts of the seller's sales views and exports (ours: the spec shows neither). */
export const SALES_EXPORT_RANGE_TEXT = 'The end date must be on or after the start date';
