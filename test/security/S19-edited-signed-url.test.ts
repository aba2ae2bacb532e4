/**
 * S19: a presigned URL with its key edited (another photo of the order, another seller's photo, the
 * originals behind a thumbnail, another bucket) or its expiry stretched: 403, and an edited upload URL
 * cannot overwrite anything.
 */
import { describe, expect, it } from 'vitest';
import { bucketsEnv } from '../../functions/lib/env';
import { signedGetUrl } from '../../functions/lib/s3';
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
import { bucketAndKey, fulfilledPhotoUrls, statusOf, withParam, withPath } from './support/signed-urls';

const env = useTestStack();

describe('S19 a presigned URL with its key edited', () => {
  it('is refused with 403', async () => {
    const { ORIGINALS_BUCKET: originals, DERIVED_BUCKET: derived } = bucketsEnv();
    const order = await fulfilledPhotoUrls(env, env.demo.orders.fulfilled.id);
    const entries = Object.entries(order.photoUrls);
    const [, first] = entries[0]!;
    const [secondId] = entries[1]!;
    expect(await statusOf(first!.url)).toBe(200);
    const own = bucketAndKey(first!.url);
    const galleryId = own.key.split('/')[1]!;

    // Another seller's photo, in no order of this customer.
    const other = await newSeller(env, { monthlyPhotoUploadLimit: 10 });
    const otherGallery = await createGallery(env, other, 'Not yours');
    const [otherPhoto] = await uploadFiles(env, other, otherGallery, [
      { name: 'o.jpg', body: await jpeg(6) },
    ]);
    await waitForPhotos(env, other, otherGallery, [otherPhoto!]);
    const otherKey = objectKeys.original(otherGallery, otherPhoto!);
    expect((await fetch(await signedGetUrl(originals, otherKey))).status).toBe(200);

    const edited = {
      'another photo of the order': withPath(
        first!.url,
        `/${originals}/${objectKeys.original(galleryId, secondId!)}`,
      ),
      'another seller’s photo': withPath(first!.url, `/${originals}/${otherKey}`),
      'the key with a suffix': withPath(first!.url, `/${own.bucket}/${own.key}x`),
      'the same key in the other bucket': withPath(first!.url, `/${derived}/${own.key}`),
      'an original through the thumbnail’s signature': withPath(
        first!.thumbnailUrl!,
        `/${originals}/${own.key}`,
      ),
      'a longer expiry': withParam(first!.url, 'X-Amz-Expires', '604800'),
      'no signature': withParam(first!.url, 'X-Amz-Signature', '0'.repeat(64)),
    };
    for (const [label, url] of Object.entries(edited)) {
      expect({ label, status: await statusOf(url) }).toEqual({ label, status: 403 });
    }

    // An upload URL edited to another photo's key: refused, and that photo unchanged.
    const issued = await call(env, other, 'POST', `/galleries/${otherGallery}/uploads`, {
      quality: 'original',
      files: [{ name: 'u.jpg', size: 100, contentType: 'image/jpeg', clientFileId: 's19-upload' }],
    });
    const upload = (issued.body.uploads as IssuedUpload[])[0]!;
    const before = Buffer.from(await (await fetch(await signedGetUrl(originals, own.key))).arrayBuffer());
    const overwrite = await fetch(withPath(upload.url, `/${originals}/${own.key}`), {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(100),
    });
    expect(overwrite.status).toBe(403);
    const after = Buffer.from(await (await fetch(await signedGetUrl(originals, own.key))).arrayBuffer());
    expect(after.equals(before)).toBe(true);
  });
});
