/**
 * Texts of the seller's galleries: the list, a gallery's page, its photos and the order made from them
 * (the upload queue has its own, upload/upload-texts.ts). The spec does not show these screens (the
 * original used mobile apps), so the words are ours.
 */
import { PLATFORM_FEE_PERCENT } from '#shared/rules/constants';

export const sellerGalleryTexts = {
  newGallery: 'New gallery',
  galleryName: 'Gallery name',
  create: 'Create gallery',
  creating: 'Creating…',
  noGalleries: 'No galleries yet. Create one for your next event.',
  photoCount: (n: number) => (n === 1 ? '1 photo' : `${n} photos`),
  created: (date: string) => `Created ${date}`,
  // The team (ours)
  createdBy: (name: string) => `by ${name}`,
  uploadedBy: (name: string) => `Uploaded by ${name}`,
  createdByFilter: 'Created by',
  everyone: 'Everyone',
  photographersTitle: 'Photographers',
  photographersHint: 'Photographers you give this gallery to can upload to it and see its photos.',
  savePhotographers: 'Save Photographers',
  savingPhotographers: 'Saving…',
  photographersSaved: 'Photographers saved.',
  noPhotographers: 'No photographers in your team yet. The owner invites them from the Team page.',
  backToGalleries: 'All galleries',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  deleteGallery: 'Delete gallery',
  confirmDelete: (name: string) => `Delete “${name}” with all its photos? This cannot be undone.`,

  // The gallery page opened offline: the queue shows, the gallery waits for the network
  offlineGalleryTitle: 'Gallery',
  offlinePhotos: 'You are offline: the photos of this gallery show when the network is back.',
  offlineGalleries:
    'You are offline: these are your galleries as this device last saw them. Open one to add photos; they upload by themselves when the network is back.',

  // A photo the server is processing, or could not process
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
  deleteSelected: (count: number) => `Delete ${count === 1 ? '1 photo' : `${count} photos`}`,
  deletingPhotos: 'Deleting…',
  confirmDeletePhotos: (count: number) =>
    `Delete ${count === 1 ? 'this photo' : `these ${count} photos`}? Orders that include them will no longer show them. This cannot be undone.`,

  // An order made from the selected photos
  createOrder: 'Create order',
  price: 'Price (£, 0 for a free order)',
  youReceive: (net: string, fee: string) =>
    `You receive ${net} less Stripe's card fee: the price less Shutterlane's ${PLATFORM_FEE_PERCENT}% fee of ${fee}; Stripe's fee depends on the card and is shown once the customer pays.`, // ours
  customerEmail: 'Customer email (optional)',
  creatingOrder: 'Creating order…',
  orderCreated: 'Order created',
  expires: (date: string) => `Available until ${date}`,
} as const;
