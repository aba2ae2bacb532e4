/**
 * Texts of the chrome around every page. Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/texts/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
export const chromeTexts = {
  logo: 'Shutterlane',
  homeLinkLabel: 'Shutterlane home',
  skipToContent: 'Skip to main content', // ours
  loading: 'Loading…', // ours
} as const;
