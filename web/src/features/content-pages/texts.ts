/**
 * Texts of the content-store pages: legal pages, use cases and events. Quoted texts of the spec letter
 * for letter; our own wording where the spec shows none is marked "ours". Error texts ('Failed to load
 * page.', 'Page not found', 'Not found') live in shared/texts/errors.ts.
 */
export const contentPageTexts = {
  loading: 'Loading…', // ours
  lastUpdated: 'Last updated', // ours (the spec names the field lastUpdated)
  eventDate: 'Date', // ours
  notFoundAdvice: 'The page may have moved or been removed.', // ours
  returnHome: 'Return to Home',
  useCaseTitle: 'Use Case', // ours: document title until the use case arrives
  useCaseDescription: 'How photo businesses use Shutterlane to deliver and sell their photos.', // ours
  eventTitle: 'Event', // ours: document title until the event arrives
  eventDescription: 'Meet the Shutterlane team at photo industry events.', // ours
  legalDescription: 'Shutterlane policies and terms.', // ours: until the page's metaDescription arrives
} as const;

/**
 * Titles of the legal pages before their content arrives (document title while loading, or if it
 * fails): the footer's link names of the spec, and ours for the cancellation page.
 */
export const legalPageTitles: Readonly<Record<string, string>> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  'acceptable-use-policy': 'Acceptable Use Policy',
  'cancellation-refund': 'Cancellation and Refund Policy', // ours
};
