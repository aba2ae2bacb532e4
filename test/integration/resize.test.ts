/** The resize trigger run twice on the same original gives one result: same objects, same record, counted once. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { objectKeys } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../../functions/lib/env';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getPhoto, markPhotoReady, putPhoto } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { processOriginal } from '../../functions/resize/service';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { createGallery, newSeller } from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const read = async (bucket: string, key: string) => {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

const contentType = async (key: string) =>
  (await s3().send(new GetObjectCommand({ Bucket: bucketsEnv().DERIVED_BUCKET, Key: key }))).ContentType;

describe('the resize trigger', () => {
  it('gives one result when run twice, and counts the photo once', async () => {
    const seller = await newSeller(env);
    const galleryId = await createGallery(env, seller, 'Resize twice');
    const photoId = 'resizeTwice01';
    await putPhoto({
      galleryId,
      photoId,
      userId: seller.userId,
      status: 'UPLOADING',
      quality: 'original',
      createdAt: new Date().toISOString(),
    });
    const key = objectKeys.original(galleryId, photoId);
    // Written with the SDK, so the stand-in's trigger runs once on its own; then twice more by hand.
    const original = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await s3().send(
      new PutObjectCommand({ Bucket: bucketsEnv().ORIGINALS_BUCKET, Key: key, Body: original }),
    );
    // The stack's run is over once the photo is READY and given its place among the shown photos (the
    // announcement's write, the run's last, after the counts).
    const done = (photo: Awaited<ReturnType<typeof getPhoto>>) =>
      photo?.status === 'READY' && photo.shownSort !== undefined;
    const deadline = Date.now() + 15_000;
    while (!done(await getPhoto(galleryId, photoId)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // A run that did not end in time fails here with the photo's state, not on a copy it did not write.
    expect(await getPhoto(galleryId, photoId), "the stack's own run, within 15 s").toMatchObject({
      status: 'READY',
      shownSort: expect.anything(),
    });

    const after = async () => ({
      photo: await getPhoto(galleryId, photoId),
      galleryCount: (await getGallery(seller.userId, galleryId))?.photoCount,
      userCount: (await getUser(seller.userId))?.totalPhotoCount,
      thumbnail: await read(bucketsEnv().DERIVED_BUCKET, objectKeys.thumbnail(galleryId, photoId)),
      optimized: await read(bucketsEnv().DERIVED_BUCKET, objectKeys.optimized(galleryId, photoId)),
      thumbnailWebp: await read(bucketsEnv().DERIVED_BUCKET, objectKeys.thumbnailWebp(galleryId, photoId)),
      optimizedWebp: await read(bucketsEnv().DERIVED_BUCKET, objectKeys.optimizedWebp(galleryId, photoId)),
      gridWebp: await read(bucketsEnv().DERIVED_BUCKET, objectKeys.gridWebp(galleryId, photoId)),
    });
    const first = await after();
    expect(first.photo).toMatchObject({
      status: 'READY',
      width: 2000,
      height: 3000,
      webp: true,
      gridWebp: true,
    });
    expect([first.galleryCount, first.userCount]).toEqual([1, 1]);
    expect(await sharp(first.thumbnail).metadata()).toMatchObject({ width: 267, height: 400 });
    expect(await sharp(first.optimized).metadata()).toMatchObject({ width: 1365, height: 2048 });
    expect(await sharp(first.thumbnailWebp).metadata()).toMatchObject({
      width: 267,
      height: 400,
      format: 'webp',
    });
    expect(await sharp(first.optimizedWebp).metadata()).toMatchObject({
      width: 1365,
      height: 2048,
      format: 'webp',
    });
    expect(await sharp(first.gridWebp).metadata()).toMatchObject({ width: 240, height: 360, format: 'webp' });
    expect(await contentType(objectKeys.thumbnailWebp(galleryId, photoId))).toBe('image/webp');
    expect(await contentType(objectKeys.gridWebp(galleryId, photoId))).toBe('image/webp');
    expect(await contentType(objectKeys.thumbnail(galleryId, photoId))).toBe('image/jpeg');

    expect(await processOriginal(key)).toBe('again');
    expect(await Promise.all([processOriginal(key), processOriginal(key)])).toEqual(['again', 'again']);
    const second = await after();
    expect(second.photo).toEqual(first.photo);
    expect([second.galleryCount, second.userCount]).toEqual([1, 1]);
    expect(second.thumbnail.equals(first.thumbnail)).toBe(true);
    expect(second.optimized.equals(first.optimized)).toBe(true);
    expect(second.optimizedWebp.equals(first.optimizedWebp)).toBe(true);
  });

  it('ignores keys outside the originals layout and objects it never issued', async () => {
    expect(await processOriginal('stray/file.jpg')).toBe('skipped');
    expect(await processOriginal('photos/nogallery/nophoto1')).toBe('skipped');
    // The earlier layout (seller first) is moved by ops/migrate-object-keys, not processed where it lies.
    expect(await processOriginal('someseller/nogallery/nophoto1')).toBe('skipped');
  });
});

describe('the READY mark', () => {
  it('counts the photo in the same write: a run that dies right after the mark has counted it, once', async () => {
    const seller = await newSeller(env);
    const galleryId = await createGallery(env, seller, 'Counted with the mark');
    const photoId = 'countedMark01';
    await putPhoto({
      galleryId,
      photoId,
      userId: seller.userId,
      status: 'PROCESSING',
      quality: 'original',
      createdAt: new Date().toISOString(),
    });
    const counts = async () => ({
      gallery: (await getGallery(seller.userId, galleryId))?.photoCount ?? 0,
      seller: (await getUser(seller.userId))?.totalPhotoCount ?? 0,
    });
    const before = await counts();
    const size = { width: 2000, height: 3000 };
    // The run that dies: its mark, and nothing after it.
    expect(await markPhotoReady(galleryId, photoId, size, new Date())).toEqual({
      outcome: 'first',
      userId: seller.userId,
    });
    const counted = { gallery: before.gallery + 1, seller: before.seller + 1 };
    expect(await counts()).toEqual(counted);
    // Lambda's retry marks it again: nothing more is counted.
    const again = await Promise.all([1, 2].map(() => markPhotoReady(galleryId, photoId, size, new Date())));
    expect(again.map((mark) => mark.outcome)).toEqual(['again', 'again']);
    expect(await counts()).toEqual(counted);
  });
});
