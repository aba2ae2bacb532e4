/**
 * S22: the same S3 event delivered twice (and twice more at once) to the resize function, as S3's
 * at-least-once delivery may: one result (the same photo record, the same derived objects, counted once)
 * and no further trigger (nothing new written to the originals bucket, whose writes are the only trigger).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Context, S3Event } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { bucketsEnv } from '../../functions/lib/env';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getPhoto, isShown } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { handler } from '../../functions/resize/index';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const bytes = async (bucket: string, key: string) => {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

describe('S22 the same S3 event twice to the resize function', () => {
  it('gives one result and triggers nothing more', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 10 });
    const galleryId = await createGallery(env, seller, 'Twice');
    // Uploaded through the signed URL: S3's own event ran resize once.
    const [photoId] = await uploadFiles(env, seller, galleryId, [
      { name: 't.jpg', body: await jpeg(2, 1600, 1200) },
    ]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    // READY comes first; the photo's place among those customers see (shownSort) is written after it.
    await expect.poll(async () => isShown(await getPhoto(galleryId, photoId!))).toBe(true);
    const { ORIGINALS_BUCKET: originals, DERIVED_BUCKET: derived } = bucketsEnv();
    const key = objectKeys.original(galleryId, photoId!);

    const state = async () => ({
      photo: await getPhoto(galleryId, photoId!),
      galleryCount: (await getGallery(seller.userId, galleryId))?.photoCount,
      sellerCount: (await getUser(seller.userId))?.totalPhotoCount,
      original: (await s3().send(new HeadObjectCommand({ Bucket: originals, Key: key }))).ETag,
      thumbnail: await bytes(derived, objectKeys.thumbnail(galleryId, photoId!)),
      optimized: await bytes(derived, objectKeys.optimized(galleryId, photoId!)),
    });
    const first = await state();
    expect(first.photo?.status).toBe('READY');
    expect([first.galleryCount, first.sellerCount]).toEqual([1, 1]);

    // S3's event for that object (the shared fixture with its bucket and key), delivered again.
    const fixture = JSON.parse(
      await readFile(path.join(process.cwd(), 'events/s3/original-created.json'), 'utf8'),
    ) as S3Event;
    const record = fixture.Records[0]!;
    const event: S3Event = {
      Records: [
        {
          ...record,
          s3: {
            ...record.s3,
            bucket: { ...record.s3.bucket, name: originals },
            object: { ...record.s3.object, key: encodeURIComponent(key).replaceAll('%2F', '/') },
          },
        },
      ],
    };
    const invoke = () => handler(event, {} as Context);
    await invoke();
    await invoke();
    await Promise.all([invoke(), invoke()]);

    const second = await state();
    expect(second.photo).toEqual(first.photo);
    expect([second.galleryCount, second.sellerCount]).toEqual([1, 1]);
    expect(second.original).toBe(first.original);
    expect(second.thumbnail.equals(first.thumbnail)).toBe(true);
    expect(second.optimized.equals(first.optimized)).toBe(true);
    // Nothing was triggered afterwards: the photo stays as it is a while later.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await getPhoto(galleryId, photoId!)).toEqual(first.photo);
  });
});
