/**
 * Texts of the not-found page. Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/texts/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
export const notFoundTexts = {
  heading: 'Page Not Found',
  advice:
    "The page you're looking for doesn't exist or has moved. Check the URL, go back to the previous page, or return to the home page.", // ours
  returnHome: 'Return to Home',
  contactPrefix: 'Need help? Contact us at', // ours
} as const;
