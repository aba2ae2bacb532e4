/**
 * Texts of the seller web tools (galleries, uploads, orders). The spec does not show these screens (the
 * original used mobile apps), so the words are ours except those marked "spec".
 */
import { MAX_UPLOAD_MEGABYTES, PLATFORM_FEE_PERCENT } from '#shared/rules/constants';

export const sellerToolTexts = {
  sellerTools: 'Seller tools',
  galleries: 'Galleries',
  orders: 'Orders',
  newGallery: 'New gallery',
  galleryName: 'Gallery name',
  create: 'Create gallery',
  creating: 'Creating…',
  noGalleries: 'No galleries yet. Create one for your next event.',
  loadMore: 'Load more',
  loading: 'Loading…',
  photoCount: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
  created: (date: string) => `Created ${date}`,
  usage: 'Uploads this month',
  usageLine: (used: number, limit: number) => `${used} of ${limit} photos`,
  backToGalleries: 'All galleries',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  deleteGallery: 'Delete gallery',
  confirmDelete: (name: string) => `Delete “${name}” with all its photos? This cannot be undone.`,
  // Uploads
  upload: 'Upload photos',
  dropHere: 'Drop photos here, or',
  choose: 'choose files',
  quality: 'What customers get',
  qualityOriginal: 'Original quality (the files as uploaded)',
  qualityOptimized: 'Optimized for social media (2048 px, smaller files)',
  sizeLimit: `JPEG, PNG, WebP, TIFF, AVIF or GIF, up to ${MAX_UPLOAD_MEGABYTES} MB each.`,
  batchProgress: (done: number, total: number) => `Uploaded ${done} of ${total}`,
  fileWaiting: 'Waiting',
  fileUploading: (percent: number) => `${percent}%`,
  fileDone: 'Uploaded',
  fileRetrying: (attempt: number) => `Retrying (attempt ${attempt})`,
  fileFailed: 'Failed',
  failedFiles: (names: string[]) => `These files could not be uploaded: ${names.join(', ')}`,
  retryFailed: 'Retry failed files',
  // The upload queue: kept on the device, paused offline
  fileOffline: 'Waiting for the network',
  fileReady: 'Ready',
  retryFile: 'Retry',
  retryFileLabel: (name: string) => `Retry uploading ${name}`,
  removeFile: 'Remove',
  removeFileLabel: (name: string) => `Remove ${name} from the queue`,
  keptOnDevice:
    'Photos in the queue are kept on this device until they are uploaded, even if you close the page.',
  offline: (waiting: number) =>
    waiting === 0
      ? 'You are offline. Photos you add wait here and upload by themselves when the network is back.'
      : `You are offline: ${waiting === 1 ? '1 photo waits for the network and will upload by itself' : `${waiting} photos wait for the network and will upload by themselves`} when it is back.`,
  waitingForNetwork: (waiting: number) =>
    `${waiting === 1 ? '1 photo waits' : `${waiting} photos wait`} for the network; the upload goes on by itself.`,
  takePhotos: 'Take photos',
  /** The gallery is open in another tab (or the app window), which sends the files kept on the device. */
  keptInAnotherTab: (count: number) =>
    `${count === 1 ? '1 photo kept on this device is' : `${count} photos kept on this device are`} uploading in another tab or window. If you close it, they go on here.`,
  // The gallery page opened offline: the queue shows, the gallery waits for the network
  offlineGalleryTitle: 'Gallery',
  offlinePhotos: 'You are offline: the photos of this gallery show when the network is back.',
  offlineGalleries:
    'You are offline: these are your galleries as this device last saw them. Open one to add photos; they upload by themselves when the network is back.',
  // Auto-import from a folder
  autoImport: 'Auto-import from a folder',
  autoImportHint:
    'Pick the folder your camera, card reader or tethering program saves to: new photos in it are uploaded to this gallery while this page is open.',
  watchFolder: 'Watch a folder',
  watchingFolder: (name: string) => `Watching “${name}”: new photos in it are uploaded to this gallery.`,
  stopWatching: 'Stop watching',
  folderPaused: (name: string) => `Your browser asks for your permission again to read “${name}”.`,
  resumeWatching: (name: string) => `Watch “${name}” again`,
  folderUnreadable: 'The folder could not be read. Pick it again.',
  noFolderAccess:
    'This browser cannot watch a folder. Choose files, or take photos with the camera: they go straight into the queue.',
  processing: 'Processing…',
  notAnImage: (name: string) => `${name}: this file is not an image and was not kept.`,
  /** A photo whose processing failed, with the server's reason (shared/texts/seller-tools-errors.ts). */
  photoFailed: (name: string, reason: string) => `${name}: ${reason}`,
  retryPhoto: 'Retry',
  retryPhotoLabel: (name: string) => `Retry processing ${name}`,
  retryingPhoto: 'Retrying…',
  // Grid and selection
  emptyGallery: 'No photos yet. Upload some to get started.',
  selectPhoto: (name: string) => `Select ${name}`,
  viewPhoto: (name: string) => `View ${name}`,
  selected: (n: number) => `${n} selected`,
  selectAll: 'Select all',
  clearSelection: 'Clear selection',
  deletePhoto: 'Delete photo',
  deleteSelected: (count: number) => `Delete ${count === 1 ? '1 photo' : `${count} photos`}`,
  deletingPhotos: 'Deleting…',
  confirmDeletePhotos: (count: number) =>
    `Delete ${count === 1 ? 'this photo' : `these ${count} photos`}? Orders that include them will no longer show them. This cannot be undone.`,
  close: 'Close',
  // Orders
  createOrder: 'Create order',
  price: 'Price (£, 0 for a free order)',
  youReceive: (net: string, fee: string) =>
    `You receive ${net} less Stripe's card fee: the price less Shutterlane's ${PLATFORM_FEE_PERCENT}% fee of ${fee}; Stripe's fee depends on the card and is shown once the customer pays.`, // ours
  customerEmail: 'Customer email (optional)',
  creatingOrder: 'Creating order…',
  orderCreated: 'Order created',
  freeOrder: 'Free',
  orderLink: 'Order link',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  qrCode: (orderId: string) => `QR code for order ${orderId}`,
  downloadPng: 'Download PNG',
  downloadSvg: 'Download SVG',
  expires: (date: string) => `Available until ${date}`,
  noOrders: 'No orders yet. Select photos in a gallery to create one.',
  status: 'Status',
  total: 'Total',
  photos: 'Photos',
  createdAt: 'Created',
  link: 'Link',
  share: 'Share',
  open: 'Open',
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
} as const;
