/**
 * The texts of the order page's first screens (loading, the check refused, an error, the gallery's heading),
 * apart from texts.ts (which spreads them in) so that the page's first chunk carries these and not the
 * gallery's. Quoted texts of the spec letter for letter; "ours" marks our own wording.
 */
export const orderGalleryGateTexts = {
  loadingHeading: 'Loading Your Photos',
  loadingText: 'Please wait while we verify and load your photos...',
  robotHeading: 'Access Your Photos', // ours: the order page's own title
  errorHeading: 'Error',
  galleryHeading: 'Your Photos',
  tryAgain: 'Try Again',
  returnHome: 'Return to Homepage',
} as const;
