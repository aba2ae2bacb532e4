/** Texts of the SPA's API client (public document, section 8). Re-exported by errors.ts. */
export const apiErrors = {
  requestFailed: (status: number, statusText: string) => `API request failed: ${status} ${statusText}`,
  directFetchFailed: 'Direct fetch failed',
  apiFetchFailed: 'API fetch failed',
  imageFallbackFailed: 'Failed to load image, even with fallback method',
  blobConversionFailed: 'Failed to convert image to blob',
  canvasContextFailed: 'Failed to get canvas context',
  network: 'Network error occurred',
  unknown: 'An unknown error occurred',
} as const;
