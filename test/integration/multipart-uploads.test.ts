/**
 * Resumable uploads through the local stack: a 60 MB file in parts (web/src/lib's
 * multipart-upload driving the API and the S3 stand-in, as the browser would) reaching READY; a drop
 * mid-way and a fresh client resuming from the parts S3 holds, no part sent twice but those cut off;
 * an abort leaving no parts; a part longer than signed refused; a completion whose parts exceed the
 * declared size refused with nothing kept; another seller's 404 on every multipart route.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, ListPartsCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/rules/constants';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import { bucketsEnv } from '../../functions/lib/env';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { uploadInParts, type MultipartApi, type MultipartPlan } from '../../web/src/lib/multipart-upload';
import { useTestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  createGallery,
  newSeller,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';
import { uncompressedTiff } from '@shutterlane/harness/images';

const env = useTestStack();

const MiB = 1024 * 1024;
let seller: Seller;
let galleryId: string;

beforeAll(async () => {
  seller = await newSeller(env, { monthlyPhotoUploadLimit: 50 });
  galleryId = await createGallery(env, seller, 'Large files');
});

const fileOf = (clientFileId: string, size: number, contentType = 'image/tiff') => ({
  name: `${clientFileId}.tif`,
  size,
  contentType,
  clientFileId,
});

const start = (who: Seller, file: ReturnType<typeof fileOf>, gallery = galleryId) =>
  call(env, who, 'POST', `/galleries/${gallery}/multipart-uploads`, { quality: 'original', file });

const photoPath = (photoId: string, rest = '') =>
  `/galleries/${galleryId}/photos/${photoId}/multipart${rest}`;

function expectOk<T>(answer: { status: number; body: unknown }, status = 200): T {
  if (answer.status !== status) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** The API as the browser module calls it, with each part's PUT counted (and cut off by `signal`). */
function apiFor(file: ReturnType<typeof fileOf>, sent: number[]): MultipartApi {
  return {
    start: async () => expectOk<MultipartPlan>(await start(seller, file), 201),
    progress: async (photoId) => expectOk(await call(env, seller, 'GET', photoPath(photoId))),
    signParts: async (photoId, partNumbers) =>
      expectOk<{ parts: [] }>(await call(env, seller, 'POST', photoPath(photoId, '/parts'), { partNumbers }))
        .parts,
    complete: async (photoId, parts) =>
      expectOk(await call(env, seller, 'POST', photoPath(photoId, '/complete'), { parts })),
    abort: async (photoId) => void expectOk(await call(env, seller, 'DELETE', photoPath(photoId)), 204),
    putPart: async (url, body, { signal, onProgress }) => {
      sent.push(Number(new URL(url).searchParams.get('partNumber')));
      const answer = await fetch(url, { method: 'PUT', body, signal });
      if (!answer.ok) throw new Error(`part PUT ${answer.status}: ${await answer.text()}`);
      onProgress(body.size);
      return answer.headers.get('etag')!;
    },
  };
}

/** What S3 (the stand-in) says of an upload's parts: their numbers, or its error code. */
async function partsHeld(photoId: string, uploadId: string): Promise<number[] | string> {
  try {
    const listed = await s3().send(
      new ListPartsCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: objectKeys.original(galleryId, photoId),
        UploadId: uploadId,
      }),
    );
    return (listed.Parts ?? []).map((part) => part.PartNumber!);
  } catch (error) {
    return (error as { name: string }).name;
  }
}

const originalExists = (photoId: string) =>
  s3()
    .send(
      new HeadObjectCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: objectKeys.original(galleryId, photoId),
      }),
    )
    .then(() => true)
    .catch(() => false);

/** s3rver's own store of the upload: gone when S3 has dropped it. */
const storedUploadDir = (uploadId: string) =>
  path.join(env.dataDir, 's3', bucketsEnv().ORIGINALS_BUCKET, '._S3rver_uploads', uploadId);

/** Bytes of the given size (not an image: for uploads that never complete). */
const bytes = (size: number) => new Blob([new Uint8Array(size).fill(7)]);

describe('a large file in parts', () => {
  it('uploads a 60 MB TIFF in parts, resumes after a drop from the parts S3 holds, and reaches READY', async () => {
    // 4480 x 4480 pixels, 8-bit RGB, uncompressed: about 60 MB.
    const tiff = await uncompressedTiff(4480, 4480, '#3a7');
    expect(tiff.length).toBeGreaterThan(60_000_000);
    const blob = new Blob([new Uint8Array(tiff)]);
    const file = fileOf(`big-${Date.now()}`, tiff.length);
    const partCount = Math.ceil(tiff.length / MULTIPART_PART_BYTES);
    const before = (await getUser(seller.userId))!.currentMonthUploads ?? 0;

    // The first client: the connection drops after three parts have arrived.
    const firstSent: number[] = [];
    const drop = new AbortController();
    let photoId = '';
    let arrived = 0;
    const first = uploadInParts(blob, apiFor(file, firstSent), {
      concurrency: 2,
      onPlan: (plan) => (photoId = plan.photoId),
      onPart: () => {
        arrived += 1;
        if (arrived === 3) drop.abort();
      },
      signal: drop.signal,
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const progress = expectOk<{ parts: { partNumber: number }[]; partCount: number }>(
      await call(env, seller, 'GET', photoPath(photoId)),
    );
    expect(progress.partCount).toBe(partCount);
    const held = progress.parts.map((part) => part.partNumber);
    expect(held.length).toBeGreaterThanOrEqual(3);
    expect(held.length).toBeLessThan(partCount);
    const cutOff = firstSent.filter((n) => !held.includes(n));

    // Starting the same file again (a reload before the photo id was kept) gives the same upload, counted once.
    const again = expectOk<MultipartPlan>(await start(seller, file), 201);
    expect(again.photoId).toBe(photoId);
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(before + 1);

    // A fresh client (a reloaded page) lists the parts and sends only the others. (A part whose body had
    // all gone out when the connection dropped may still land meanwhile: it then counts as held.)
    const secondSent: number[] = [];
    let heldAtResume: number[] = [];
    await uploadInParts(blob, apiFor(file, secondSent), {
      photoId,
      onPlan: (plan) => (heldAtResume = plan.parts.map((part) => part.partNumber)),
    });
    expect(heldAtResume).toEqual(expect.arrayContaining(held));
    expect(secondSent.filter((n) => heldAtResume.includes(n))).toEqual([]);
    expect(secondSent.sort((a, b) => a - b)).toEqual(
      Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !heldAtResume.includes(n)),
    );
    // Parts sent twice in all: only those the drop cut off.
    const sentTwice = secondSent.filter((n) => firstSent.includes(n));
    expect(sentTwice.every((n) => cutOff.includes(n))).toBe(true);
    expect(firstSent.length + secondSent.length).toBe(partCount + sentTwice.length);

    const [photo] = await waitForPhotos(env, seller, galleryId, [photoId], 90_000);
    expect(photo).toMatchObject({ status: 'READY' });
    expect((await getUser(seller.userId))!.currentMonthUploads).toBe(before + 1);
    // The upload is over: nothing more to resume, abort or complete.
    expect((await call(env, seller, 'GET', photoPath(photoId))).status).toBe(409);
  }, 180_000);

  it('refuses files a single PUT takes, files over the limit, and parts beyond the file', async () => {
    expect(await start(seller, fileOf('small', MULTIPART_THRESHOLD_BYTES))).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.notMultipart('small.tif') },
    });
    expect(await start(seller, fileOf('huge', MAX_UPLOAD_BYTES + 1))).toMatchObject({
      status: 400,
      body: { message: sellerToolErrors.tooLarge('huge.tif') },
    });
    const plan = expectOk<MultipartPlan>(await start(seller, fileOf(`range-${Date.now()}`, 20 * MiB)), 201);
    expect(plan).toMatchObject({ size: 20 * MiB, partSize: MULTIPART_PART_BYTES, partCount: 3 });
    expect(
      await call(env, seller, 'POST', photoPath(plan.photoId, '/parts'), { partNumbers: [4] }),
    ).toMatchObject({ status: 400, body: { message: sellerToolErrors.partOutOfRange(3) } });
    const signed = expectOk<{ parts: { partNumber: number; size: number }[] }>(
      await call(env, seller, 'POST', photoPath(plan.photoId, '/parts'), { partNumbers: [1, 3] }),
    );
    expect(signed.parts.map(({ partNumber, size }) => ({ partNumber, size }))).toEqual([
      { partNumber: 1, size: MULTIPART_PART_BYTES },
      { partNumber: 3, size: 20 * MiB - 2 * MULTIPART_PART_BYTES },
    ]);
    expect((await call(env, seller, 'DELETE', photoPath(plan.photoId))).status).toBe(204);
  });

  it('refuses a part body longer than its URL signed', async () => {
    const plan = expectOk<MultipartPlan>(await start(seller, fileOf(`signed-${Date.now()}`, 20 * MiB)), 201);
    const [part] = expectOk<{ parts: { url: string; size: number }[] }>(
      await call(env, seller, 'POST', photoPath(plan.photoId, '/parts'), { partNumbers: [3] }),
    ).parts;
    const longer = await fetch(part!.url, { method: 'PUT', body: bytes(part!.size + 1) });
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('SignatureDoesNotMatch');
    expect(await partsHeld(plan.photoId, plan.uploadId)).toEqual([]);
    const exact = await fetch(part!.url, { method: 'PUT', body: bytes(part!.size) });
    expect(exact.status).toBe(200);
    expect(exact.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await partsHeld(plan.photoId, plan.uploadId)).toEqual([3]);
    expect((await call(env, seller, 'DELETE', photoPath(plan.photoId))).status).toBe(204);
  });

  it('aborts: S3 keeps no part and the photo is gone', async () => {
    const sent: number[] = [];
    const file = fileOf(`abort-${Date.now()}`, 20 * MiB);
    const api = apiFor(file, sent);
    const plan = await api.start();
    const [part] = await api.signParts(plan.photoId, [1]);
    expect((await fetch(part!.url, { method: 'PUT', body: bytes(part!.size) })).status).toBe(200);
    expect(await partsHeld(plan.photoId, plan.uploadId)).toEqual([1]);
    expect(existsSync(storedUploadDir(plan.uploadId))).toBe(true);

    await api.abort(plan.photoId);
    expect(await partsHeld(plan.photoId, plan.uploadId)).toBe('NoSuchUpload');
    expect(existsSync(storedUploadDir(plan.uploadId))).toBe(false);
    expect(await originalExists(plan.photoId)).toBe(false);
    // The part's URL no longer leads anywhere, and the photo is no longer there to go on with.
    expect((await fetch(part!.url, { method: 'PUT', body: bytes(part!.size) })).status).toBe(404);
    expect((await call(env, seller, 'GET', photoPath(plan.photoId))).status).toBe(404);
    const gallery = await call(env, seller, 'GET', `/galleries/${galleryId}`);
    expect((gallery.body.photos as { photoId: string }[]).map((p) => p.photoId)).not.toContain(plan.photoId);
  });

  it('refuses a completion whose parts exceed the declared size, and keeps nothing', async () => {
    const declared = 20 * MiB;
    const file = fileOf(`oversize-${Date.now()}`, declared);
    const sent: number[] = [];
    const api = apiFor(file, sent);
    const plan = await api.start();
    const urls = await api.signParts(plan.photoId, [1, 2]);
    const etags = await Promise.all(
      urls.map(async (part) => {
        const answer = await fetch(part.url, { method: 'PUT', body: bytes(part.size) });
        return { partNumber: part.partNumber, etag: answer.headers.get('etag')! };
      }),
    );
    // The last part sent around the API (with S3 credentials): a full part where 4 MiB was declared.
    const { ETag } = await s3().send(
      new UploadPartCommand({
        Bucket: bucketsEnv().ORIGINALS_BUCKET,
        Key: objectKeys.original(galleryId, plan.photoId),
        UploadId: plan.uploadId,
        PartNumber: 3,
        Body: new Uint8Array(MULTIPART_PART_BYTES),
      }),
    );
    const refused = await call(env, seller, 'POST', photoPath(plan.photoId, '/complete'), {
      parts: [...etags, { partNumber: 3, etag: ETag! }],
    });
    expect(refused).toMatchObject({ status: 400, body: { message: sellerToolErrors.partsDoNotMatch } });
    expect(await partsHeld(plan.photoId, plan.uploadId)).toBe('NoSuchUpload');
    expect(existsSync(storedUploadDir(plan.uploadId))).toBe(false);
    expect(await originalExists(plan.photoId)).toBe(false);
    expect((await call(env, seller, 'GET', photoPath(plan.photoId))).status).toBe(404);
  });

  it("answers another seller 404 on every multipart route of a seller's photo", async () => {
    const other = await newSeller(env);
    const plan = expectOk<MultipartPlan>(await start(seller, fileOf(`mine-${Date.now()}`, 20 * MiB)), 201);
    const answers = await Promise.all([
      start(other, fileOf(`theirs-${Date.now()}`, 20 * MiB)),
      call(env, other, 'GET', photoPath(plan.photoId)),
      call(env, other, 'POST', photoPath(plan.photoId, '/parts'), { partNumbers: [1] }),
      call(env, other, 'POST', photoPath(plan.photoId, '/complete'), {
        parts: [{ partNumber: 1, etag: '"x"' }],
      }),
      call(env, other, 'DELETE', photoPath(plan.photoId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    // Still the seller's, untouched.
    expect((await call(env, seller, 'GET', photoPath(plan.photoId))).status).toBe(200);
    expect((await call(env, seller, 'DELETE', photoPath(plan.photoId))).status).toBe(204);
  });
});
