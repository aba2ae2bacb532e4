/**
 * Texts of the seller's orders list: each order's status, money and link, the views, cancelling an
 * unpaid order. The spec does not show this screen (the original used mobile apps), so the words are ours.
 */
import { ORDER_AVAILABLE_DAYS, PLATFORM_FEE_PERCENT } from '#shared/rules/constants';

export const sellerOrderTexts = {
  // What customers did with the link (counts only: no cookie, no personal data).
  activity: 'Customer activity',
  activitySummary: (counts: {
    opened: number;
    photoViews: number;
    singleDownloads: number;
    zipDownloads: number;
  }) =>
    `Opened ${counts.opened} · ${counts.photoViews} photos viewed · ${counts.singleDownloads} downloads · ${counts.zipDownloads} ZIP`,
  // The orders list
  noOrders: 'No orders yet. Select photos in a gallery to create one.',
  status: 'Status',
  total: 'Total',
  createdAt: 'Created',
  createdBy: (name: string) => `by ${name}`,
  createdByFilter: 'Created by',
  everyone: 'Everyone',
  link: 'Link',
  share: 'Share',

  // The orders list's money (ours): what Stripe recorded for each payment on the seller's account.
  providerFee: 'Stripe fee',
  platformFee: `Our ${PLATFORM_FEE_PERCENT}%`,
  net: 'Net',
  refunded: 'Refunded',
  payout: 'Payout',
  notYet: '—',
  moneyNote: `Stripe's card fee and our ${PLATFORM_FEE_PERCENT}% come out of each payment; the net is paid out to your bank on the payout date. A refund is taken from your Stripe balance.`,
  orderStatusLabels: {
    DRAFT: 'Draft',
    PENDING: 'Awaiting payment',
    PROCESSING: 'Payment processing',
    FULFILLED: 'Paid',
    DISPUTED: 'Disputed: photos withheld',
    REFUNDED: 'Refunded: photos withheld',
    EXPIRED: 'Expired',
  },
  freeOrderDone: 'Completed',
  /** An unpaid order ended before its time (by the seller, or a deletion of its photos). */
  cancelled: 'Cancelled',
  statusReasonLabels: {
    PAYMENT_PROCESSING: '',
    PAYMENT_FAILED: 'the last payment failed',
    REFUNDED: '',
    PARTIALLY_REFUNDED: 'partly refunded',
    DISPUTE_OPEN: '',
    DISPUTE_WON: 'dispute won',
    DISPUTE_LOST: 'dispute lost',
    CANCELLED: '',
    PHOTOS_REMOVED: 'photos deleted',
  },
  duplicatesRefunded: (count: number) =>
    `${count} duplicate ${count === 1 ? 'payment' : 'payments'} refunded automatically`,
  lateRefunded: (count: number) =>
    `${count === 1 ? '1 payment' : `${count} payments`} made after it ended, refunded automatically`,

  // Sales and unpaid orders apart (ours), and cancelling an unpaid one.
  orderViewsLabel: 'Orders to show',
  orderViews: { all: 'All orders', sales: 'Sales', unpaid: 'Unpaid' },
  noOrdersInView: {
    sales: 'No sales yet: paid orders and completed free ones show here.',
    unpaid: 'No unpaid orders: orders waiting for payment, and those that ended unpaid, show here.',
  },
  fromPublicGallery: 'Picked in your public gallery',
  cancelOrder: 'Cancel order',
  cancelOrderTitle: 'Cancel this order?',
  confirmCancelOrder:
    'Its customer can no longer pay for it, and the order link will say that it was cancelled. This cannot be undone.',
  keepOrder: 'Keep order',
  cancellingOrder: 'Cancelling…',

  // A completed order's access (ours): when it ends, extending it, the customer's reminders.
  accessUntil: (date: string) => `Photos available until ${date}`,
  accessEnded: (date: string) => `Access ended on ${date}`,
  remindersOff: 'The customer turned off reminders',
  extendAccess: 'Extend access',
  extendAccessTitle: 'Extend this order’s access',
  extendAccessIntro: (date: string, ended: boolean) =>
    ended
      ? `Access ended on ${date}. Extending it opens the order again for the days you choose, counted from today. The customer is reminded again before it ends.`
      : `The customer can download the photos until ${date}. The days you choose are added to that date, and the customer is reminded again before it ends.`,
  extendBy: 'Add',
  extendDays: (days: number) => `${days} days`,
  extending: 'Extending…',
  keepAccess: 'Close',

  // The paid extension an ended order's page offers its customer (ours).
  offerExtension: 'Offer paid extension',
  changeExtension: 'Change paid extension',
  extensionOffered: (price: string) =>
    `Paid extension offered: ${price} for ${ORDER_AVAILABLE_DAYS} more days`,
  offerExtensionTitle: 'Offer a paid extension',
  offerExtensionIntro: `Once access has ended, the order’s page offers the customer ${ORDER_AVAILABLE_DAYS} more days to download the photos at your price, paid by card like an order (our ${PLATFORM_FEE_PERCENT}% applies). Leave the price empty to stop offering it.`,
  extensionPrice: 'Price (GBP)',
  extensionPriceInvalid: 'Enter a price such as 5 or 4.50, or leave it empty',
  savingOffer: 'Saving…',
  saveOffer: 'Save',
  paidExtension: 'The customer’s paid extension of an earlier order',
} as const;

/** The extensions offered, in days (the server takes 1 to 365). */
export const EXTENSION_CHOICES = [7, 14, 30, 90] as const;
