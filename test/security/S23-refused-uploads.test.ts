/**
 * S23: uploads that must not be processed. Over the size limit and over the plan's monthly limit: refused
 * when the upload URL is asked for (400 / 409 with the texts), so no photo record, no URL, nothing counted;
 * a body larger than the one announced is refused by S3 itself. A file that is not an image by its content
 * (whatever its name and type say) is refused by the resize step before any derived copy is made: the photo
 * ends FAILED with the reason and neither its original nor any copy is kept.
 */
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { bucketsEnv } from '../../functions/lib/env';
import { listGalleryPhotos } from '../../functions/domains/galleries/photo-store';
import { getUser, putUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type IssuedUpload,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const file = (name: string, size: number, contentType = 'image/jpeg') => ({
  name,
  size,
  contentType,
  clientFileId: `${name}-${Math.random().toString(36).slice(2)}`,
});
const exists = (bucket: string, key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(
      () => true,
      () => false,
    );
const derivedUnder = async (galleryId: string) => {
  const { DERIVED_BUCKET } = bucketsEnv();
  const lists = await Promise.all(
    [`thumbnails/${galleryId}/`, `optimized/${galleryId}/`].map((Prefix) =>
      s3().send(new ListObjectsV2Command({ Bucket: DERIVED_BUCKET, Prefix })),
    ),
  );
  return lists.flatMap((list) => list.Contents ?? []).length;
};

describe('S23 uploads refused before processing, nothing kept', () => {
  it('over the size limit: 400 before any URL, nothing counted or recorded; a longer body is refused by S3', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 10 });
    const galleryId = await createGallery(env, seller, 'Too big');
    const big = await call(env, seller, 'POST', `/galleries/${galleryId}/uploads`, {
      quality: 'original',
      files: [file('small.jpg', 1000), file('big.jpg', MAX_UPLOAD_BYTES + 1)],
    });
    expect(big).toMatchObject({ status: 400, body: { message: sellerToolErrors.tooLarge('big.jpg') } });
    expect(big.body.uploads).toBeUndefined();
    expect(await listGalleryPhotos(galleryId)).toEqual([]);
    expect((await getUser(seller.userId))?.currentMonthUploads ?? 0).toBe(0);

    // Announced small, sent large: the signed URL fixes the size.
    const body = await jpeg(1);
    const issued = await call(env, seller, 'POST', `/galleries/${galleryId}/uploads`, {
      quality: 'original',
      files: [file('liar.jpg', body.length)],
    });
    const upload = (issued.body.uploads as IssuedUpload[])[0]!;
    const put = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(Buffer.concat([body, Buffer.alloc(1024 * 1024)])),
    });
    expect(put.status).toBe(403);
    expect(await exists(bucketsEnv().ORIGINALS_BUCKET, objectKeys.original(galleryId, upload.photoId))).toBe(
      false,
    );
  });

  it('over the plan’s monthly limit: 409 with the text, no URL, nothing counted or recorded', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 2 });
    const record = (await getUser(seller.userId))!;
    await putUser({ ...record, uploadMonth: new Date().toISOString().slice(0, 7), currentMonthUploads: 2 });
    const galleryId = await createGallery(env, seller, 'Over the plan');
    const answer = await call(env, seller, 'POST', `/galleries/${galleryId}/uploads`, {
      quality: 'original',
      files: [file('one-more.jpg', 1000)],
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.uploadLimitReached(2, 2) },
    });
    expect(answer.body.uploads).toBeUndefined();
    expect(await listGalleryPhotos(galleryId)).toEqual([]);
    expect((await getUser(seller.userId))?.currentMonthUploads).toBe(2);
  });

  it('not an image by content: FAILED with the reason, no copy made, the original not kept', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 10 });
    const galleryId = await createGallery(env, seller, 'Not images');
    const fakes = [
      { name: 'holiday.jpg', body: Buffer.from('%PDF-1.4 a document, whatever its name says') },
      { name: 'script.jpg', body: Buffer.from('<html><script>alert(1)</script></html>') },
      // A JPEG's first bytes and nothing after them.
      { name: 'truncated.jpg', body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]) },
    ];
    const photoIds = await uploadFiles(env, seller, galleryId, fakes);
    const photos = await waitForPhotos(env, seller, galleryId, photoIds);
    for (const photo of photos) {
      expect(photo).toMatchObject({ status: 'FAILED', failureReason: sellerToolErrors.notAnImage });
      expect(photo.thumbnailUrl).toBeUndefined();
      expect(await exists(bucketsEnv().ORIGINALS_BUCKET, objectKeys.original(galleryId, photo.photoId))).toBe(
        false,
      );
    }
    expect(await derivedUnder(galleryId)).toBe(0);
    expect((await call(env, seller, 'GET', `/galleries/${galleryId}`)).body.photoCount).toBe(0);
    expect((await getUser(seller.userId))?.totalPhotoCount ?? 0).toBe(0);
  });
});
