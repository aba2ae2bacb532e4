/** The legal pages: each route is its content-store page by the same fixed slug (public document, section 2). */
export const LEGAL_SLUGS = ['privacy', 'cancellation-refund', 'terms', 'acceptable-use-policy'] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];
