/**
 * Texts of the order-access screen (/orders/{orderId}). Quoted texts of the spec letter for letter; our own wording where the spec shows none is
 * marked "ours". Error texts live in shared/texts/errors.ts. One file per area so each page's chunk carries
 * only its own texts.
 */
import { orderRouteTexts } from './route-texts';

export const orderAccessTexts = {
  ...orderRouteTexts,
  startHeading: 'Access Your Photos',
  accessPhotos: 'Access Photos',
  emailHeading: 'Enter Your Email',
  emailLabel: 'Email address', // ours
  emailHint: "We'll send your download link to this address.", // ours
  sendingPhotos: 'Preparing your photos…', // ours
  summaryHeading: 'Complete Your Order',
  completePurchase: 'Complete Purchase',
  processingHeading: 'Processing Your Order', // ours
  processing: 'Please wait while we process your order…', // ours
  expiredHeading: 'Order Expired', // ours
  cancelledHeading: 'Order Cancelled', // ours
  contactSupport: 'Contact Support',
  // The seller's paid extension on an ended order (ours).
  extensionOffer: (days: number, price: string) =>
    `The photographer offers ${days} more days to download these photos for ${price}.`,
  extendAccess: (price: string) => `Extend access for ${price}`,
  startingExtension: 'Preparing your extension…',
  extensionFailed: 'We could not start your extension. Please try again.',
  supportSubject: (orderId: string) => `Expired order ${orderId}`, // ours
  completedHeading: 'Order Already Completed', // ours
  viewPhotos: 'View My Photos', // the success page's link text
  redirectingHeading: 'Redirecting to Payment', // ours
  redirecting: 'Taking you to secure checkout…', // ours
  errorHeading: 'Something Went Wrong', // ours
  tryAgain: 'Try Again',
  returnHome: 'Return to Homepage',
  freeOrder: 'Free Order',
  photoCount: (count: number) => `${count} ${count === 1 ? 'Photo' : 'Photos'}`,
  totalLabel: 'Total', // ours
  emailSummaryLabel: 'Email', // ours
  orderIdLabel: 'Order ID', // ours
  // The payment status step (ours: the spec shows none of these states); the reasons' texts are
  // `orderStatusReasonTexts` in shared/texts/errors.ts.
  paymentHeadings: {
    PAYMENT_PROCESSING: 'Payment Processing',
    PAYMENT_FAILED: 'Payment Failed',
    REFUNDED: 'Order Refunded',
    PARTIALLY_REFUNDED: 'Partly Refunded',
    DISPUTE_OPEN: 'Payment Disputed',
    DISPUTE_WON: 'Dispute Settled',
    DISPUTE_LOST: 'Payment Returned',
    // An order that ended unpaid shows the expired step instead (ExpiredStep); named here for completeness.
    CANCELLED: 'Order Cancelled',
    PHOTOS_REMOVED: 'Order Cancelled',
  },
  payAgain: 'Pay Again', // ours
  checkAgain: 'Check Again', // ours
  paymentSupportSubject: (orderId: string) => `Payment for order ${orderId}`, // ours
} as const;

export const carouselTexts = {
  regionLabel: 'Order photos', // ours
  previous: 'Previous photo', // ours
  next: 'Next photo', // ours
  empty: 'No photos available',
  counter: (position: number, total: number) => `${position} / ${total}`,
  photoAlt: (position: number, total: number) => `Photo ${position} of ${total}`, // ours
} as const;
