/** Texts of the home page's FAQ section; the spec shows none, so all are ours. Errors: shared/texts/errors.ts. */
export const homeFaqTexts = {
  heading: 'Frequently Asked Questions',
  loading: 'Loading FAQs…',
} as const;
