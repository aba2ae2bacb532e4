/**
 * Seed photos uploaded as a seller's would be: a PROCESSING record, then the original in the originals
 * bucket, whose notification runs the real resize. Shared by the demo gallery and the public gallery.
 * Run again after an interruption, it uploads what is not READY yet under the same ids: the resize is
 * idempotent (a photo is counted once, when it is marked READY), so nothing is made or counted twice.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { isConditionFailure } from '../../../functions/lib/dynamo';
import { bucketsEnv } from '../../../functions/lib/env';
import { createGallery, type GalleryRecord } from '../../../functions/domains/galleries/gallery-store';
import { getPhotos, putPhoto } from '../../../functions/domains/galleries/photo-store';
import { s3 } from '../../../functions/lib/s3';
import { objectKeys } from '../../../shared/platform/storage-layout';

export interface SeedPhoto {
  photoId: string;
  body: Buffer;
  createdAt: string;
}

export async function putOriginals(sellerId: string, galleryId: string, photos: SeedPhoto[]): Promise<void> {
  const known = new Map(
    (
      await getPhotos(
        galleryId,
        photos.map((photo) => photo.photoId),
      )
    ).map((p) => [p.photoId, p.status]),
  );
  for (const { photoId, body, createdAt } of photos) {
    const status = known.get(photoId);
    if (status === 'READY') continue;
    // A photo the resize gave up on (e.g. a transaction conflict under load) was never counted: again.
    if (!status || status === 'FAILED') {
      const photo = { galleryId, photoId, userId: sellerId, quality: 'original' as const };
      await putPhoto({ ...photo, status: 'PROCESSING', createdAt });
    }
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: objectKeys.original(galleryId, photoId),
        Body: body,
        ContentType: 'image/jpeg',
      }),
    );
  }
}

/** The seed's gallery, unless a run before this one made it (its photo count is the resize's by now). */
export async function createGalleryIfAbsent(gallery: GalleryRecord): Promise<void> {
  await createGallery(gallery).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}

/**
 * Photos uploaded at once. Each upload past the resize's warm environments starts a cold one (in Lambda as
 * in the local stack), which loads its bundle for that one photo: twelve at once started twelve, about
 * 5 CPU-s more per seed on a 2-core machine than four that serve every batch.
 */
const SEED_UPLOAD_BATCH = 4;

/**
 * Uploads the photos, a batch at a time, and waits for the resize to make their copies, uploading again
 * (up to `attempts` times) the ones the resize gave up on.
 */
export async function uploadUntilReady(
  sellerId: string,
  galleryId: string,
  photos: SeedPhoto[],
  waitForThumbnails: (galleryId: string, photoIds: string[]) => Promise<void>,
  attempts = 3,
): Promise<void> {
  for (let start = 0; start < photos.length; start += SEED_UPLOAD_BATCH) {
    const batch = photos.slice(start, start + SEED_UPLOAD_BATCH);
    await uploadBatchUntilReady(sellerId, galleryId, batch, waitForThumbnails, attempts);
  }
}

async function uploadBatchUntilReady(
  sellerId: string,
  galleryId: string,
  photos: SeedPhoto[],
  waitForThumbnails: (galleryId: string, photoIds: string[]) => Promise<void>,
  attempts: number,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await putOriginals(sellerId, galleryId, photos);
    try {
      await waitForThumbnails(
        galleryId,
        photos.map((photo) => photo.photoId),
      );
      return;
    } catch (error) {
      if (attempt >= attempts || !(error instanceof PhotoFailedError)) throw error;
    }
  }
}

/** The resize marked a photo FAILED: it will not become READY unless uploaded again. */
export class PhotoFailedError extends Error {}
