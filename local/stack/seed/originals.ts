/**
 * Seed photos uploaded as a seller's would be: a PROCESSING record, then the original in the originals
 * bucket, whose notification runs the real resize. Shared by the demo gallery and the public gallery.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketsEnv } from '../../../functions/lib/env';
import { newPhotoId } from '../../../functions/lib/ids';
import { putPhoto } from '../../../functions/domains/galleries/photo-store';
import { s3 } from '../../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';

/** The new photos' ids, in the bodies' order; `createdAt` dates each one. */
export async function putOriginals(
  sellerId: string,
  galleryId: string,
  bodies: Buffer[],
  createdAt: (index: number) => string,
): Promise<string[]> {
  const photoIds = bodies.map(() => newPhotoId());
  for (const [index, body] of bodies.entries()) {
    const photoId = photoIds[index]!;
    const photo = { galleryId, photoId, userId: sellerId, quality: 'original' as const };
    await putPhoto({ ...photo, status: 'PROCESSING', createdAt: createdAt(index) });
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: objectKeys.original(galleryId, photoId),
        Body: body,
        ContentType: 'image/jpeg',
      }),
    );
  }
  return photoIds;
}
