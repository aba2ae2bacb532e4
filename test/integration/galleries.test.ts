/** The galleries API through the local gateway, dynalite, the S3 stand-in and the resize trigger. */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_PAGE_SIZE } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { GalleryList } from '#shared/schemas/gallery';
import { derivedKeys, objectKeys } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../../functions/lib/env';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { INVALID_PAGE_TOKEN } from '../../functions/lib/paging';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { eventually } from './payments-helpers';
import {
  call,
  createGallery,
  demoSeller,
  jpeg,
  newSeller,
  seedRecord,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

let seller: Seller;

const env = useTestStack();
beforeAll(async () => {
  seller = await newSeller(env, { monthlyPhotoUploadLimit: 100 });
});

const exists = (bucket: string, key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(() => true)
    .catch(() => false);

describe('galleries', () => {
  it('creates, renames and lists newest first, 9 a page by default, with an opaque token', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await createGallery(env, seller, `Event ${i}`));
    const first = await call(env, seller, 'GET', '/galleries');
    expect(first.status).toBe(200);
    const page1 = GalleryList.parse(first.body);
    expect(page1.galleries).toHaveLength(GALLERY_PAGE_SIZE);
    expect(page1.galleries.map((g) => g.galleryId)).toEqual([...ids].reverse().slice(0, 9));
    expect(page1.galleries[0]).toMatchObject({ albumName: 'Event 10', photoCount: 0 });
    expect(page1.nextToken).toBeDefined();
    expect(page1.nextToken).not.toContain(seller.userId);
    expect(Buffer.from(page1.nextToken!, 'base64url').toString('latin1')).not.toContain('galleryId');

    const second = GalleryList.parse(
      (await call(env, seller, 'GET', `/galleries?nextToken=${encodeURIComponent(page1.nextToken!)}`)).body,
    );
    expect(second.galleries.map((g) => g.galleryId)).toEqual([ids[1], ids[0]]);
    expect(second.nextToken).toBeUndefined();

    const limited = GalleryList.parse((await call(env, seller, 'GET', '/galleries?limit=2')).body);
    expect(limited.galleries).toHaveLength(2);
    // A page that ends exactly at the last gallery announces no next page.
    const exact = GalleryList.parse((await call(env, seller, 'GET', '/galleries?limit=11')).body);
    expect([exact.galleries.length, exact.nextToken]).toEqual([11, undefined]);

    const renamed = await call(env, seller, 'PATCH', `/galleries/${ids[0]}`, {
      albumName: '  Harbour day  ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.albumName).toBe('Harbour day');
  });

  it('refuses a tampered, foreign or garbage nextToken and a blank name with 400', async () => {
    const token = GalleryList.parse((await call(env, seller, 'GET', '/galleries?limit=1')).body).nextToken!;
    const other = await newSeller(env);
    const foreign = await call(env, other, 'GET', `/galleries?nextToken=${encodeURIComponent(token)}`);
    expect(foreign).toMatchObject({ status: 400, body: { message: INVALID_PAGE_TOKEN } });
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect((await call(env, seller, 'GET', `/galleries?nextToken=${tampered}`)).status).toBe(400);
    expect((await call(env, seller, 'GET', '/galleries?nextToken=eyJ1c2VySWQiOiJ4In0')).status).toBe(400);
    expect((await call(env, seller, 'POST', '/galleries', { albumName: '   ' })).body).toEqual({
      message: 'albumName: Please enter a gallery name',
    });
    expect((await call(env, seller, 'GET', '/galleries?limit=0')).status).toBe(400);
  });

  it('gives details with thumbnails and bearer-only download URLs, and thumbnails by id', async () => {
    const galleryId = await createGallery(env, seller, 'Details');
    const photoIds = await uploadFiles(env, seller, galleryId, [
      { name: 'one.jpg', body: await jpeg(1) },
      { name: 'two.jpg', body: await jpeg(2) },
    ]);
    await waitForPhotos(env, seller, galleryId, photoIds);

    const bare = await call(env, seller, 'GET', `/galleries/${galleryId}`);
    expect(bare.body).toMatchObject({ galleryId, albumName: 'Details', photoCount: 2 });
    const barePhotos = bare.body.photos as Record<string, unknown>[];
    expect(barePhotos.map((p) => p.description)).toEqual(['one.jpg', 'two.jpg']);
    expect(barePhotos.every((p) => p.thumbnailUrl === undefined && p.downloadUrl === undefined)).toBe(true);

    const full = await call(
      env,
      seller,
      'GET',
      `/galleries/${galleryId}?includeUrls=true&includeThumbnails=true`,
    );
    const photo = (
      full.body.photos as {
        photoId: string;
        thumbnailUrl: string;
        thumbnailWebpUrl: string;
        downloadUrl: string;
      }[]
    )[0]!;
    expect(photo).toMatchObject({ status: 'READY', width: 640, height: 480 });
    const thumb = await fetch(photo.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const webpThumb = await fetch(photo.thumbnailWebpUrl);
    expect(webpThumb.headers.get('content-type')).toBe('image/webp');
    expect(photo.downloadUrl).toBe(`/api/galleries/${galleryId}/photos/${photo.photoId}/download`);

    const download = await call(env, seller, 'GET', photo.downloadUrl.replace(/^\/api/, ''));
    expect(download.status).toBe(302);
    const original = await fetch(download.headers.get('location')!);
    expect(Buffer.from(await original.arrayBuffer()).equals(await jpeg(1))).toBe(true);
    expect((await call(env, undefined, 'GET', photo.downloadUrl.replace(/^\/api/, ''))).status).toBe(401);

    const thumbs = await call(
      env,
      seller,
      'POST',
      `/galleries/${galleryId}/photos/thumbnails?userId=${seller.userId}`,
      {
        photoIds: [...photoIds, 'unknownphoto1'],
      },
    );
    expect(Object.keys(thumbs.body.thumbnails as object).sort()).toEqual([...photoIds].sort());

    // A re-read asking for one photo's thumbnail signs that one only; an empty list signs none.
    const read = async (thumbnailsFor: string) => {
      const answer = await call(
        env,
        seller,
        'GET',
        `/galleries/${galleryId}?includeUrls=true&includeThumbnails=true&thumbnailsFor=${thumbnailsFor}`,
      );
      return answer;
    };
    const one = (await read(photoIds[1]!)).body.photos as { photoId: string; thumbnailUrl?: string }[];
    expect(one.filter((p) => p.thumbnailUrl).map((p) => p.photoId)).toEqual([photoIds[1]]);
    expect(one).toHaveLength(2);
    const none = (await read('')).body.photos as { thumbnailUrl?: string; downloadUrl?: string }[];
    expect(none.every((p) => p.thumbnailUrl === undefined && p.downloadUrl !== undefined)).toBe(true);
    expect((await read('not%20an%20id')).status).toBe(400);
  });

  it('deletes a gallery with its photos, their files and their count', async () => {
    const photoCount = async () => (await getUser(seller.userId))?.totalPhotoCount ?? 0;
    const before = await photoCount();
    const galleryId = await createGallery(env, seller, 'To delete');
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'a.jpg', body: await jpeg(3) }]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    // The resize counts the photo just after it marks it READY (a write of its own).
    await eventually(photoCount, (count) => count === before + 1);
    const keys = {
      original: objectKeys.original(galleryId, photoId!),
      derived: derivedKeys(galleryId, photoId!),
    };
    expect(await exists(bucketsEnv().ORIGINALS_BUCKET, keys.original)).toBe(true);
    for (const key of keys.derived) expect(await exists(bucketsEnv().DERIVED_BUCKET, key)).toBe(true);

    const deleted = await call(env, seller, 'DELETE', `/galleries/${galleryId}`);
    expect(deleted.status).toBe(204);
    expect(await exists(bucketsEnv().ORIGINALS_BUCKET, keys.original)).toBe(false);
    for (const key of keys.derived) expect(await exists(bucketsEnv().DERIVED_BUCKET, key)).toBe(false);
    expect(await call(env, seller, 'GET', `/galleries/${galleryId}`)).toMatchObject({
      status: 404,
      body: { message: sellerToolErrors.galleryNotFound },
    });
    expect(await photoCount()).toBe(before);
  });

  it('keeps a gallery whose orders customers can still open', async () => {
    const demo = await demoSeller(env);
    const refused = await call(env, demo, 'DELETE', `/galleries/${(await seedRecord(env)).galleryId}`);
    expect(refused).toMatchObject({ status: 409, body: { message: sellerToolErrors.galleryHasOpenOrders } });
  });
});
