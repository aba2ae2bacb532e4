/** Texts of the seller's Connect and gallery calls (public document, section 8). Re-exported by errors.ts. */
export const connectErrors = {
  noToken: 'No authentication token available',
  onboardingFailed: 'Failed to initiate Connect onboarding',
  statusFailed: 'Failed to get Connect status',
} as const;

export const sellerGalleryErrors = {
  notAuthenticated: 'Not authenticated',
  userIdNotFound: 'User ID not found',
  fetchGalleries: (statusText: string) => `Failed to fetch galleries: ${statusText}`,
  fetchPhotos: (statusText: string) => `Failed to fetch photos: ${statusText}`,
  fetchThumbnails: (statusText: string) => `Failed to fetch thumbnails: ${statusText}`,
  fetchGalleryDetails: (statusText: string) => `Failed to fetch gallery details: ${statusText}`,
  noGalleryId: 'No gallery ID provided',
  loadFailed: 'Failed to load gallery',
  generic: 'Something went wrong. Please try again later.',
} as const;
