/**
 * The demo's public gallery: face photos whose licences allow shipping them
 * (local/stack/seed/faces/ATTRIBUTION.md), published with a price per photo, a bundle, a text watermark and
 * Find my photos on. The selfie (lisa1.jpg) is one person's photo that is not in the gallery; three
 * others of her are. Faces come from the descriptors shipped beside the images (demo-faces.ts), written as
 * the resize would write them.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { FACE_DESCRIPTOR_DIMS } from '../../../shared/rules/face-search';
import type { PublicGallerySettings } from '../../../shared/schemas/public-gallery';
import { watermarkVersion } from '../../../functions/galleries/public-gallery';
import { newGalleryId, newPhotoId } from '../../../functions/lib/ids';
import { putPhotoFaces } from '../../../functions/domains/faces/face-store';
import {
  bumpFacesVersion,
  savePublicGallery,
} from '../../../functions/domains/public-galleries/public-gallery-store';
import { demoGalleryImages, demoImageFaces, FACES_DIR, GALLERY_FILES, readShippedFaces } from './demo-faces';
import { createGalleryIfAbsent, uploadUntilReady } from './originals';
import { DEMO_BUSINESS_NAME } from './demo-brand';

/** The selfie: a photo of the person in lisa2 to lisa4, itself never in the gallery. */
export const DEMO_SELFIE = path.join(FACES_DIR, 'lisa1.jpg');

export interface DemoPublicGallery {
  publicId: string;
  galleryId: string;
}

/** The public gallery's ids and dates, decided before anything is written, so a second run reuses them. */
export interface DemoPublicGalleryPlan extends DemoPublicGallery {
  createdAt: string;
  photoIds: string[];
}

export function planDemoPublicGallery(): DemoPublicGalleryPlan {
  const now = new Date();
  return {
    // Dated a minute earlier: the seller's newest gallery stays the demo's main one (listed first).
    galleryId: newGalleryId(new Date(now.getTime() - 60_000)),
    publicId: randomBytes(12).toString('base64url'),
    createdAt: now.toISOString(),
    photoIds: GALLERY_FILES.map(() => newPhotoId()),
  };
}

const SETTINGS: Omit<PublicGallerySettings, 'pin'> = {
  title: 'Harbour Fun Run 2026',
  eventDate: '2026-06-14',
  pricing: { currency: 'GBP', perPhotoMinor: 400, bundles: [{ photos: 3, priceMinor: 1000 }] },
  watermark: { kind: 'text', text: `© ${DEMO_BUSINESS_NAME}`, position: 'tiled', opacity: 0.5 },
};

/** The gallery's image files and their faces' descriptors. */
export interface DemoPublicGalleryImages {
  files: Buffer[];
  faces: Float32Array[][];
}

/**
 * Reads the images and their faces (described only if an image changed): touches no stand-in, so it runs
 * while the seed writes.
 */
export async function demoPublicGalleryImages(): Promise<DemoPublicGalleryImages> {
  const [images, shipped] = await Promise.all([demoGalleryImages(), readShippedFaces()]);
  const faces: Float32Array[][] = [];
  for (const image of images) faces.push(await demoImageFaces(image, shipped));
  return { files: images.map((image) => image.bytes), faces };
}

/**
 * Makes (or, after an interruption, finishes) the planned public gallery: every write is one a second run
 * can repeat (the same ids, the gallery created only if absent, photos not yet READY uploaded again).
 */
export async function createDemoPublicGallery(
  sellerId: string,
  plan: DemoPublicGalleryPlan,
  waitForThumbnails: (galleryId: string, photoIds: string[]) => Promise<void>,
  images: Promise<DemoPublicGalleryImages> = demoPublicGalleryImages(),
): Promise<DemoPublicGallery> {
  const { galleryId, publicId, createdAt, photoIds } = plan;
  const { files, faces } = await images;
  await createGalleryIfAbsent({
    userId: sellerId,
    galleryId,
    albumName: 'Harbour Fun Run 2026',
    createdAt,
    photoCount: 0,
    publicId,
  });
  // Processed before the search is switched on, so the resize does not describe them: the shipped
  // descriptors are written below instead.
  // Upload order is the gallery's order: a millisecond apart keeps it stable.
  const start = Date.parse(createdAt);
  await uploadUntilReady(
    sellerId,
    galleryId,
    files.map((body, index) => ({
      photoId: photoIds[index]!,
      body,
      createdAt: new Date(start + index).toISOString(),
    })),
    waitForThumbnails,
  );
  await savePublicGallery(
    {
      publicId,
      userId: sellerId,
      galleryId,
      published: true,
      settings: SETTINGS,
      watermarkVersion: watermarkVersion(SETTINGS.watermark),
      faceSearch: {
        enabled: true,
        basis: 'Demo: everyone photographed consented (Face Research Lab London Set; CC0 images)',
        enabledAt: createdAt,
      },
      createdAt,
      updatedAt: createdAt,
    },
    false,
  );
  const descriptors = await faces;
  for (const [index, photoId] of photoIds.entries()) {
    await putPhotoFaces(
      galleryId,
      { photoId, descriptors: descriptors[index]! },
      FACE_DESCRIPTOR_DIMS,
      undefined,
    );
  }
  await bumpFacesVersion(publicId, false);
  return { publicId, galleryId };
}
