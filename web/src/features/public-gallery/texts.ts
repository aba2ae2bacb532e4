/**
 * Texts of the public gallery (/g/{publicId}). All ours: the spec has no public galleries.
 * The face search's explanation is the product's decided wording, shown letter for letter. The
 * server's refusals (a PIN needed or wrong, a closed gallery) are shown as it words them.
 */
import { viewerLabels } from '../../lib/texts/viewer';

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

export const publicGalleryTexts = {
  loading: 'Opening the gallery…',
  errorHeading: 'The gallery could not be opened',
  loadFailed: 'Something went wrong. Please try again.',
  tryAgain: 'Try again',
  returnHome: 'Return to Homepage',
  // Not found
  notFoundHeading: 'Gallery not found',
  notFoundText:
    'This gallery does not exist or is no longer published. Check the link or QR code you were given.',
  // PIN
  pinHeading: 'This gallery is protected',
  pinNeeded: 'Enter the PIN you were given to see the photos.',
  pin: 'PIN',
  openGallery: 'Open gallery',
  checkingPin: 'Checking…',
  /** The human check asked for after too many wrong PINs did not pass (or could not run). */
  captchaFailed: 'The check that you are not a robot did not pass. Please try again.',
  // Header and prices
  eventOn: (date: string) => `Event: ${date}`,
  openUntil: (date: string) => `Open until ${date}`,
  photoCount: photos,
  prices: 'Prices',
  freeGallery: 'Free: pick the photos you want and get them by email.',
  perPhoto: (price: string) => `${price} per photo`,
  bundle: (n: number, price: string) => `${photos(n)} for ${price}`,
  allPhotos: (n: number, price: string) => `All ${photos(n)} for ${price}`,
  cheapestNote: 'You always pay the cheapest way to cover your pick.',
  // Grid, selection and viewer
  gridLabel: 'Photos of this gallery',
  noPhotos: 'No photos here yet. Come back soon.',
  loadingMore: 'Loading more photos…',
  pageFailed: 'More photos could not be loaded.',
  photoAlt: (position: number, total: number) => `Photo ${position} of ${total}`,
  openPhoto: (position: number, total: number) => `Open photo ${position} of ${total}`,
  selectPhoto: (position: number, total: number) => `Select photo ${position} of ${total}`,
  viewer: viewerLabels,
  // The selection bar
  selectionLabel: 'Your selection',
  pickHint: 'Tap the circle on a photo to pick it.',
  selected: (n: number) => `${n} selected`,
  free: 'Free',
  allPhotosApplies: (n: number) => `All ${photos(n)}`,
  allPhotosAppliesHint: 'Cheaper than your pick alone: you get every photo of the gallery.',
  clearSelection: 'Clear',
  buy: (n: number) => `Buy ${photos(n)}`,
  getFree: (n: number) => `Get ${photos(n)} free`,
  orderFailed: 'Your order could not be created. Please try again.',
  humanCheckFailed: "We couldn't check that you're not a robot, so no order was made. Please try again.",
  // Find my photos
  findMyPhotos: 'Find my photos',
  findExplanation:
    'Find my photos compares a selfie with the faces in this gallery. Your selfie stays on this device: only a face descriptor (a list of 128 numbers) is sent, used for this search and not kept.',
  agree: 'I agree',
  selfie: 'Selfie',
  selfieHint: 'Take a selfie, or choose one, with only your face in it.',
  lookingForFace: 'Looking for your face…',
  searching: 'Searching the gallery…',
  noFace: 'No face was found in this photo. Try a clear, well-lit selfie.',
  manyFaces: 'This photo shows more than one face. Take a selfie with only you in it.',
  noMatch: 'No photos of you were found in this gallery.',
  searchFailed: 'The search did not work. Please try again.',
  found: (n: number) => `${photos(n)} found`,
  showAll: 'Show all photos',
  closePanel: 'Close',
} as const;
