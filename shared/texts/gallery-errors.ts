/** Customer side: the order gallery and its downloads (public document). Re-exported by errors.ts. */
export const galleryErrors = {
  noOrderId: 'No order ID provided',
  robotCheckFailed: "Failed to verify you're not a robot. Please try again.",
  loadFailed: 'Failed to load your photos. Please try again later.',
  notFoundTitle: 'Order Not Found',
  notFoundText: "We couldn't find the order you're looking for.",
  zipMissingOrderId: 'Order ID is missing.',
  zipPhotoFailed: (photoId: string) =>
    `Failed to download all images. Error occurred on photo ID: ${photoId}`,
  noImageSelected: 'No image selected',
  downloadFailed: 'There was an error downloading this image.',
  shareFailed: 'There was an error preparing this image for sharing.',
  invalidPhotoUrlData: 'Invalid photo URL data',
  imageNotFound: 'Image not found',
} as const;
