/**
 * Upload URLs against the monthly limit (counted once per photo under retries and concurrency), checks
 * of type and size, the signed URL's fixed size and type, and non-image files refused by content.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { derivedKeys, objectKeys } from '#shared/platform/storage-layout';
import { bucketsEnv } from '../../functions/lib/env';
import { getUser, putUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type IssuedUpload,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();

const month = () => new Date().toISOString().slice(0, 7);
const file = (clientFileId: string, size = 1000) => ({
  name: `${clientFileId}.jpg`,
  size,
  contentType: 'image/jpeg',
  clientFileId,
});
const requestUrls = (seller: Seller, galleryId: string, files: ReturnType<typeof file>[]) =>
  call(env, seller, 'POST', `/galleries/${galleryId}/uploads`, { quality: 'original', files });

describe('the monthly upload limit', () => {
  it('grants every file of a batch that starts a new month together, far from the limit', async () => {
    // Requests that arrive together when the month has not started: one starts it, and the others
    // (whose adds ran before it did) add to it; none may read the started month as the limit reached.
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 10_000 });
    const galleryId = await createGallery(env, seller);
    for (let round = 0; round < 4; round++) {
      const record = (await getUser(seller.userId))!;
      await putUser({ ...record, uploadMonth: '2020-01', currentMonthUploads: 9_999 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => requestUrls(seller, galleryId, [file(`start-${round}-${i}`)])),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect((await getUser(seller.userId))!).toMatchObject({ uploadMonth: month(), currentMonthUploads: 6 });
    }
  });

  it('holds under 20 concurrent requests at its edge, counting each photo once', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 10 });
    const record = (await getUser(seller.userId))!;
    await putUser({ ...record, uploadMonth: month(), currentMonthUploads: 7 });
    const galleryId = await createGallery(env, seller);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestUrls(seller, galleryId, [file(`edge-${i}`)])),
    );
    const granted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(granted).toHaveLength(3);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.body.message).toBe(sellerToolErrors.uploadLimitReached(10, 10));
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(10);

    // A retry of a granted file gets its photo again and is not counted again.
    const grantedUpload = (granted[0]!.body.uploads as IssuedUpload[])[0]!;
    const retried = await requestUrls(seller, galleryId, [file(grantedUpload.clientFileId)]);
    expect(retried.status).toBe(200);
    expect((retried.body.uploads as IssuedUpload[])[0]!.photoId).toBe(grantedUpload.photoId);
    expect(retried.body).toMatchObject({ currentMonthUploads: 10, monthlyPhotoUploadLimit: 10 });
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(10);
  });

  it('counts concurrent retries of the same files once, and a batch all or nothing', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 5 });
    const galleryId = await createGallery(env, seller);
    const batch = [file('same-1'), file('same-2')];
    // Retries racing each other either get the same photos or are asked to try again (two requests that
    // each claimed one of the files both are); a client that tries again gets them, and none counts twice.
    const refusals: unknown[] = [];
    const requestUntilGranted = async () => {
      for (let attempt = 1; ; attempt++) {
        const answer = await requestUrls(seller, galleryId, batch);
        if (answer.status !== 409 || attempt === 20) return answer;
        refusals.push(answer.body);
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
      }
    };
    const answers = await Promise.all(Array.from({ length: 6 }, requestUntilGranted));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(refusals).toEqual(refusals.map(() => ({ message: sellerToolErrors.fileInProgress })));
    const photoIds = new Set(
      answers.flatMap((a) => (a.body.uploads as IssuedUpload[]).map((u) => u.photoId)),
    );
    expect(photoIds.size).toBe(2);
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(2);

    const tooMany = await requestUrls(seller, galleryId, [file('b1'), file('b2'), file('b3'), file('b4')]);
    expect(tooMany).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.uploadLimitReached(2, 5) },
    });
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(2);
    // The refused files were given back: asking for three of them now works.
    expect((await requestUrls(seller, galleryId, [file('b1'), file('b2'), file('b3')])).status).toBe(200);
  });

  it('starts a new month from zero', async () => {
    const seller = await newSeller(env, { monthlyPhotoUploadLimit: 2 });
    const record = (await getUser(seller.userId))!;
    await putUser({ ...record, uploadMonth: '2020-01', currentMonthUploads: 2 });
    const galleryId = await createGallery(env, seller);
    const answer = await requestUrls(seller, galleryId, [file('new-month')]);
    expect(answer.body).toMatchObject({ currentMonthUploads: 1, monthlyPhotoUploadLimit: 2 });
  });
});

describe('what may be uploaded', () => {
  let seller: Seller;
  let galleryId: string;
  beforeAll(async () => {
    seller = await newSeller(env, { monthlyPhotoUploadLimit: 50 });
    galleryId = await createGallery(env, seller);
  });

  it('refuses other types and files over the size limit before counting anything', async () => {
    const pdf = await requestUrls(seller, galleryId, [
      { ...file('doc'), name: 'notes.pdf', contentType: 'application/pdf' },
    ]);
    expect(pdf).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.unsupportedType('notes.pdf') },
    });
    const big = await requestUrls(seller, galleryId, [
      { ...file('big', MAX_UPLOAD_BYTES + 1), name: 'big.jpg' },
    ]);
    expect(big).toMatchObject({ status: 400, body: { message: sellerToolErrors.tooLarge('big.jpg') } });
    expect((await getUser(seller.userId))!.currentMonthUploads ?? 0).toBe(0);
  });

  it('signs the exact size and type: S3 refuses another body or type', async () => {
    const body = await jpeg(5);
    const answer = await requestUrls(seller, galleryId, [file('exact', body.length)]);
    const upload = (answer.body.uploads as IssuedUpload[])[0]!;
    const longer = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: new Uint8Array(Buffer.concat([body, Buffer.alloc(10)])),
    });
    expect(longer.status).toBe(403);
    const otherType = await fetch(upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: new Uint8Array(body),
    });
    expect(otherType.status).toBe(403);
    expect(
      (await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(body) }))
        .status,
    ).toBe(200);
  });

  it('marks a non-image FAILED by its content, whatever its name and type, and keeps nothing', async () => {
    const fake = Buffer.from('%PDF-1.4 this is not a photo at all, whatever the name says');
    const galleryId = await createGallery(env, seller, 'Non-image');
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'holiday.jpg', body: fake }]);
    const [photo] = await waitForPhotos(env, seller, galleryId, [photoId!]);
    expect(photo).toMatchObject({ status: 'FAILED', failureReason: sellerToolErrors.notAnImage });
    expect(photo!.thumbnailUrl).toBeUndefined();
    const head = await s3()
      .send(
        new HeadObjectCommand({
          Bucket: bucketsEnv().ORIGINALS_BUCKET,
          Key: objectKeys.original(galleryId, photoId!),
        }),
      )
      .then(() => 'exists')
      .catch(() => 'gone');
    expect(head).toBe('gone');
    expect((await call(env, seller, 'GET', `/galleries/${galleryId}`)).body.photoCount).toBe(0);
  });

  it('deletes one photo with its files', async () => {
    const galleryId = await createGallery(env, seller, 'Delete one');
    const [photoId] = await uploadFiles(env, seller, galleryId, [{ name: 'keep.jpg', body: await jpeg(7) }]);
    await waitForPhotos(env, seller, galleryId, [photoId!]);
    const stored = (bucket: string, key: string) =>
      s3()
        .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        .then(() => true)
        .catch(() => false);
    const derived = derivedKeys(galleryId, photoId!);
    for (const key of derived) expect(await stored(bucketsEnv().DERIVED_BUCKET, key)).toBe(true);
    expect((await call(env, seller, 'GET', `/galleries/${galleryId}`)).body.photoCount).toBe(1);
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoId}`)).status).toBe(204);
    for (const key of derived) expect(await stored(bucketsEnv().DERIVED_BUCKET, key)).toBe(false);
    expect((await call(env, seller, 'GET', `/galleries/${galleryId}`)).body).toMatchObject({ photoCount: 0 });
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${photoId}`)).status).toBe(404);
  });

  it('keeps a photo that an order its customer can still open includes, and deletes the others', async () => {
    const galleryId = await createGallery(env, seller, 'Ordered photo');
    const [ordered, spare] = await uploadFiles(env, seller, galleryId, [
      { name: 'ordered.jpg', body: await jpeg(8) },
      { name: 'spare.jpg', body: await jpeg(9) },
    ]);
    await waitForPhotos(env, seller, galleryId, [ordered!, spare!]);
    const order = await call(env, seller, 'POST', '/orders', { galleryId, photoIds: [ordered], total: 0 });
    expect(order.status).toBe(201);
    expect(await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${ordered}`)).toMatchObject({
      status: 409,
      body: { message: sellerToolErrors.photoInOpenOrder },
    });
    expect((await call(env, seller, 'DELETE', `/galleries/${galleryId}/photos/${spare}`)).status).toBe(204);
    expect((await call(env, seller, 'GET', `/galleries/${galleryId}`)).body).toMatchObject({ photoCount: 1 });
  });
});
