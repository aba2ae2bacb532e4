/**
 * Texts of the order gallery (/orders/{orderId} once the order is fulfilled). Quoted texts of the spec
 * letter for letter; our own wording where the spec shows none is marked "ours". Error and alert texts
 * live in shared/texts/errors.ts (galleryErrors).
 */
import { viewerLabels } from '../../lib/texts/viewer';
import { orderGalleryGateTexts } from './gate-texts';

export const orderGalleryTexts = {
  ...orderGalleryGateTexts,
  downloadZip: 'Download ZIP',
  zipProgress: (done: number, total: number) => `Preparing your ZIP: ${done} of ${total} photos`, // ours
  zipProgressLabel: 'ZIP progress', // ours
  availableUntil: (date: string) => `Your photos are available until ${date}.`, // ours
  gridLabel: 'Photos of this order', // ours
  photoAlt: (position: number, total: number) => `Photo ${position} of ${total}`, // ours
  openPhoto: (position: number, total: number) => `Open photo ${position} of ${total}`, // ours
  viewer: {
    Download: 'Download',
    Share: 'Share',
    ...viewerLabels, // ours, shared with the public gallery's viewer
  },
  zipDescription: 'ZIP archive', // ours: the save dialog's file type
  // ours: 'Save to Photos' on phones (save-to-photos.ts)
  saveToPhotos: 'Save to Photos',
  saveToPhotosHint:
    'Your phone’s share sheet opens for up to 10 photos at a time: choose “Save Images” (or your gallery app) each time.',
  preparingPhotos: (from: number, total: number) => `Preparing photos from ${from} of ${total}…`,
  saveBatch: (from: number, to: number, total: number) =>
    from === to ? `Save photo ${from} of ${total}` : `Save photos ${from}–${to} of ${total}`,
  downloadLargePhoto: (position: number, total: number) =>
    `Download photo ${position} of ${total} (too large to share)`,
  allShared: (total: number) => (total === 1 ? 'Your photo was shared.' : `All ${total} photos were shared.`),
  savePhotosFailed: 'Your photos could not be prepared. Please try again.',
} as const;
