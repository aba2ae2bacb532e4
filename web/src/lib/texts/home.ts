/**
 * Texts of the home page. Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
export const homeTexts = {
  headline: 'Moments Captured. Memories Shared. Money Made.',
  subline: 'Effortless digital photo delivery for every occasion.',
} as const;
