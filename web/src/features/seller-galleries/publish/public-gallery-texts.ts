/**
 * Texts of the seller's public gallery panel on the gallery page. All ours: the spec has
 * no public galleries. The face search wording is the product's decision, shown as is.
 */
import { PUBLIC_GALLERY_LIMITS } from '#shared/rules/public-gallery-limits';
import { PIN_ATTEMPTS } from '#shared/rules/pin-attempts';

export const publicGalleryTexts = {
  heading: 'Public gallery',
  intro:
    'Publish this gallery for your event: customers open one link or QR code, pick their photos and pay for them (or get them free).',
  loading: 'Loading the public gallery settings…',
  loadFailed: 'The public gallery settings could not be loaded.',
  saveFailed: 'The public gallery could not be saved. Please try again.',
  tryAgain: 'Try again',
  // Status and link
  statusPublished: 'Published: customers can open the link.',
  statusUnpublished: 'Not published: the link shows nothing to customers.',
  statusClosed: 'Closed: the end date has passed, customers can no longer open it.',
  publicLink: 'Public link',
  qrCode: 'QR code for the public gallery',
  saved: 'Public gallery saved',
  // Sales and face search figures
  sales: 'Sales',
  orders: 'Orders',
  paidOrders: 'Paid orders',
  revenue: 'Revenue',
  // What customers did (counts only: no cookie, no personal data)
  activity: 'What customers did',
  activityNote: 'Counts only: no cookie and nothing about who the customers are.',
  funnelSteps: {
    opened: 'Opened',
    photoViews: 'Photos viewed',
    selfieSearches: 'Selfie searches',
    picks: 'Picks',
    paid: 'Paid',
  },
  funnelShare: (percent: number) => `${percent}% of openings`,
  photosIndexed: 'Photos in the face search',
  indexedOf: (indexed: number, ready: number) => `${indexed} of ${ready}`,
  notDescribed: (count: number) =>
    count === 1
      ? '1 photo could not be searched for faces: Find my photos will not find it.'
      : `${count} photos could not be searched for faces: Find my photos will not find them.`,
  // The form
  settings: 'Settings',
  published: 'Published',
  title: 'Title',
  eventDate: 'Event date (optional)',
  endDate: 'End date (optional)',
  endDateHint: 'After this day the gallery closes and its face search data is deleted.',
  cover: 'Cover photo',
  noCover: 'No cover photo',
  pin: `PIN (optional, ${PUBLIC_GALLERY_LIMITS.pin.min} to ${PUBLIC_GALLERY_LIMITS.pin.max} digits)`,
  pinSet: 'A PIN is set. Type a new one to replace it.',
  pinHint: 'Customers type it to open the gallery. It is stored scrambled: we cannot show it again.',
  removePin: 'Remove PIN',
  // Wrong PINs and the lock (shared/rules/pin-attempts.ts)
  pinStatus: 'PIN',
  noWrongPins: 'No wrong PINs typed since the PIN was set or last unlocked.',
  wrongPins: (n: number, last: string) =>
    `${n === 1 ? '1 wrong PIN' : `${n} wrong PINs`} typed since the PIN was set or last unlocked, the last on ${last}. A few are normal typos.`,
  pinLocked: (since: string) =>
    `The PIN is locked since ${since}: after ${PIN_ATTEMPTS.lockAfter} wrong PINs no PIN opens the gallery, not even the right one.`,
  pinLockedHint: `So many wrong PINs may be someone guessing. Setting a new PIN unlocks the gallery and makes their tries worthless; unlocking keeps the PIN and allows another ${PIN_ATTEMPTS.lockAfter} tries.`,
  unlockPin: 'Unlock PIN',
  unlocking: 'Unlocking…',
  unlockFailed: 'The PIN could not be unlocked. Please try again.',
  pinBelowMinimum: `This PIN was set before PINs needed ${PUBLIC_GALLERY_LIMITS.pin.min} digits. If it is shorter, set a new one: a short PIN can be guessed before the gallery locks.`,
  // Pricing
  pricing: 'Pricing (GBP)',
  paid: 'Paid',
  free: 'Free',
  freeHint: 'Customers get the photos they pick for free (they give an email address).',
  perPhoto: 'Price per photo (£)',
  bundles: 'Bundles',
  bundlesHint: `Up to ${PUBLIC_GALLERY_LIMITS.bundles} offers such as “5 photos for £20”. Customers always pay the cheapest way to cover their pick.`,
  bundlePhotos: (n: number) => `Bundle ${n}: photos`,
  bundlePrice: (n: number) => `Bundle ${n}: price (£)`,
  removeBundle: (n: number) => `Remove bundle ${n}`,
  addBundle: 'Add bundle',
  allPhotos: 'Price for all photos (£, optional)',
  // Watermark
  watermark: 'Watermark',
  watermarkHint: 'Drawn on every preview customers see; the photos they buy have none.',
  watermarkKind: 'Watermark kind',
  textKind: 'Text',
  logoKind: 'Logo',
  openProfile: 'Open your profile',
  watermarkText: 'Watermark text',
  defaultWatermarkText: 'Preview',
  position: 'Position',
  positions: {
    center: 'Centre',
    'bottom-right': 'Bottom right',
    'bottom-left': 'Bottom left',
    'top-right': 'Top right',
    'top-left': 'Top left',
    tiled: 'Tiled across the photo',
  },
  opacity: 'Opacity',
  opacityValue: (percent: number) => `${percent}%`,
  // Face search
  faceSearch: 'Find my photos (face search)',
  faceSearchHint:
    'Customers take a selfie and see the photos they appear in. Only switch it on when the people photographed were told or agreed.',
  basis: 'Why face search is allowed',
  basisChoose: 'Choose…',
  basisOptions: {
    'event-terms': "The event's terms tell attendees about face search",
    'everyone-agreed': 'Everyone photographed agreed',
    other: 'Other (describe below)',
  },
  basisOther: 'Describe the basis',
  retention:
    "Face descriptors of the people in this gallery's photos are kept until you switch the search off, delete the photo or gallery, or the gallery's end date passes.",
  save: 'Save public gallery',
  saving: 'Saving…',
  // What the form refuses before sending (the server checks all of it again)
  errors: {
    price: (field: string) => `${field}: enter an amount such as 4.50.`,
    aboveZero: (field: string) => `${field}: enter an amount above £0, or choose Free.`,
    bundlePhotos: (n: number) =>
      `Bundle ${n}: enter a number of photos from ${PUBLIC_GALLERY_LIMITS.bundlePhotos.min} to ${PUBLIC_GALLERY_LIMITS.bundlePhotos.max}.`,
    pin: `The PIN is ${PUBLIC_GALLERY_LIMITS.pin.min} to ${PUBLIC_GALLERY_LIMITS.pin.max} digits.`,
    basisMissing: 'Choose why face search is allowed before switching it on.',
    basisTooShort: 'Describe why face search is allowed (a few words at least).',
  },
} as const;
