import { MAX_UPLOAD_MEGABYTES } from '../rules/constants';

/**
 * Texts of the seller web tools (galleries, uploads, orders). The spec does not show these
 * screens (the original used mobile apps), so the wording is ours; section 8's gallery texts are in
 * errors.ts (sellerGalleryErrors). A module of its own so customer pages never carry it.
 */
export const sellerToolErrors = {
  galleryNotFound: 'Gallery not found',
  photoNotFound: 'Photo not found',
  orderNotFound: 'Order not found',
  galleryHasOpenOrders:
    'This gallery has orders that customers can still open. Delete it after they have expired.',
  photoInOpenOrder:
    'This photo is part of an order that a customer can still open. Delete it after the order has expired.',
  unsupportedType: (name: string) =>
    `"${name}" is not a supported image. Upload JPEG, PNG, WebP, TIFF, AVIF or GIF files.`,
  tooLarge: (name: string) => `"${name}" is larger than the ${MAX_UPLOAD_MEGABYTES} MB limit.`,
  notMultipart: (name: string) =>
    `"${name}" is small enough for a single upload: use a multipart upload for larger files only.`,
  alreadyUploaded: 'This file has already been uploaded.',
  noMultipartUpload: 'This photo has no upload in progress. Upload the file again.',
  partOutOfRange: (partCount: number) => `Part numbers go from 1 to ${partCount} for this file.`,
  partsDoNotMatch:
    'The uploaded parts do not make up the declared file (missing parts, or sizes that differ from it). The upload was cancelled: upload the file again.',
  duplicateFile: 'Each file of a batch needs its own clientFileId',
  fileInProgress: 'This file is already being prepared for upload. Please try again in a minute.',
  uploadLimitReached: (used: number, limit: number) =>
    `Monthly upload limit reached: ${used} of ${limit} photos used this month. Upgrade your plan to upload more.`,
  notAnImage: 'This file is not an image',
  /** Why a photo is FAILED when its processing gave up (the resize failed after Lambda's retries). */
  processingFailed: 'This photo could not be processed. Retry it, or delete it and upload it again.',
  photoNotFailed: 'Only a photo whose processing failed can be retried.',
  originalNotKept: 'This file was not kept, so it cannot be processed again. Upload the photo again.',
  photosNotReady: 'Some selected photos are still processing or failed. Select ready photos only.',
  duplicatePhotos: 'A photo was selected twice',
  currencyNotSupported: 'Orders are priced in GBP',
  priceDecimals: 'Prices have at most two decimals',
  paidOrderMinimum: 'A paid order must be at least £0.30',
  orderNotCancellable:
    'Only an order still waiting for its payment can be cancelled: this one was paid or completed, or it has ended.',
  orderPaymentUnderway:
    'The customer has just paid for this order, so it cannot be cancelled. Refund the payment from your Stripe Dashboard if you need to.',
  accessNotExtendable:
    'Only a completed order’s access can be extended: this one is not paid yet, or it was refunded or disputed.',
  accessPhotosGone:
    'Some photos of this order, or its gallery, were deleted, so its access cannot be extended. Create a new order of the photos that remain.',
  /** Ours: the seller's paid extension (shared/rules/paid-extension.ts). */
  extensionNotOfferable:
    'A paid extension can be offered only on a completed order, not refunded or disputed, that was not itself an extension.',
  paymentsNotActive:
    'Paid orders need payment acceptance: your plan must include card payments and your Stripe account must be active. Set it up on your dashboard, or create a free order.',
} as const;
