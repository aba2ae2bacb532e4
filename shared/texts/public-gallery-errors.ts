import { PUBLIC_GALLERY_LIMITS } from '../rules/public-gallery-limits';
/** A wait in words: seconds below a minute, whole minutes (rounded up) above. */
const inWords = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * Texts of public galleries. The spec shows public galleries only as coming soon, so the
 * wording is ours. A module of its own so other pages never carry it.
 */
export const publicGalleryErrors = {
  /** Unknown, unpublished and closed galleries read the same: nothing tells them apart. */
  notFound: 'Gallery not found',
  pinRequired: 'Enter the PIN for this gallery',
  wrongPin: 'That PIN is not right',
  // A guessed PIN (shared/rules/pin-attempts.ts). The check's text contains 'captcha', as every text
  // about the human check does.
  pinWait: (seconds: number) =>
    `Too many wrong PINs were typed for this gallery. Try again in ${inWords(seconds)}.`,
  pinCheckNeeded:
    'Too many wrong PINs were typed for this gallery: a captcha check must pass before the next one',
  pinLocked: 'This gallery is locked after too many wrong PINs. Ask the photographer to unlock it.',
  noPin: 'This gallery has no PIN',
  faceSearchOff: 'Find my photos is not available for this gallery',
  photosUnavailable: 'Some photos you picked are no longer available. Refresh the gallery and pick again.',
  basisRequired: 'Say what allows face search in this gallery before switching it on',
  coverNotInGallery: 'The cover must be a ready photo of this gallery',
  endBeforeEvent: 'The end date cannot be before the event date',
  duplicatePhotos: 'A photo was picked twice',
  notSelling: 'This gallery cannot take payments at the moment. Please try again later.',
  hidingNeedsPublicGallery: 'Publish the gallery before hiding anyone from it',
  tooManyHiddenPeople: `At most ${PUBLIC_GALLERY_LIMITS.hiddenPeople} people can be hidden in one gallery`,
  hiddenPersonNotFound: 'No such hidden person in this gallery',
  photoNotWithheld: 'This photo is not withheld',
} as const;
