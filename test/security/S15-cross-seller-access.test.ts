/**
 * S15: seller B reads, changes or deletes seller A's gallery, photo, upload or order by id. The routes are
 * the route table's seller routes that take an id (in the path or the body), so a new route is walked by
 * itself; each is called by B with A's ids, alone and mixed with B's own ids (A's photo in B's gallery, A's
 * gallery in B's order, A's upload's client file id in B's gallery, A's multipart upload under way):
 * 404 every time, and A's gallery,
 * photos, objects and order are exactly as they were. Lists never show A's ids to B. A logo upload is
 * named in the body (its id): B cannot make A's upload B's logo.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { brandingErrors } from '#shared/rules/branding';
import { buildPath, pathParamNames, routes } from '#shared/contract/routes';
import { bucketsEnv } from '../../functions/lib/env';
import { getGallery } from '../../functions/domains/galleries/gallery-store';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getPhotos } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
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
import { solidPng } from '@shutterlane/harness/images';
import { BODY_IDS, bodyFor, idRoutes, type Ids } from '../support/seller-route-bodies';

const env = useTestStack();

describe('S15 seller B and seller A’s ids', () => {
  it('answers 404 on every route and id kind, and nothing of A’s changes', async () => {
    const a = await newSeller(env, { monthlyPhotoUploadLimit: 100 });
    const b = await newSeller(env, { monthlyPhotoUploadLimit: 100 });
    const galleryA = await createGallery(env, a, 'Seller A');
    const photos = await uploadFiles(env, a, galleryA, [
      { name: 'a1.jpg', body: await jpeg(1) },
      { name: 'a2.jpg', body: await jpeg(2) },
    ]);
    await waitForPhotos(env, a, galleryA, photos);
    const created = await call(env, a, 'POST', '/orders', {
      galleryId: galleryA,
      photoIds: [photos[0]],
      total: 0,
    });
    expect(created.status).toBe(201);
    // An upload of A's that is granted but not sent yet: its client file id and photo id.
    const pending = await call(env, a, 'POST', `/galleries/${galleryA}/uploads`, {
      quality: 'original',
      files: [{ name: 'later.jpg', size: 1000, contentType: 'image/jpeg', clientFileId: 'a-pending-upload' }],
    });
    const pendingUpload = (pending.body.uploads as IssuedUpload[])[0]!;
    // A multipart upload of A's under way: its photo carries the upload.
    const multipart = await call(env, a, 'POST', `/galleries/${galleryA}/multipart-uploads`, {
      quality: 'original',
      file: {
        name: 'large.tif',
        size: 20 * 1024 * 1024,
        contentType: 'image/tiff',
        clientFileId: 'a-multipart',
      },
    });
    expect(multipart.status).toBe(201);
    const multipartPhotoId = String(multipart.body.photoId);
    // A's gallery made public (not published), with a person A hides from it.
    const body = bodyFor('publishGallery', {} as Ids, '') as Record<string, unknown>;
    expect(
      (await call(env, a, 'POST', `/galleries/${galleryA}/public`, { ...body, published: false })).status,
    ).toBe(200);
    const hidden = await call(
      env,
      a,
      'POST',
      `/galleries/${galleryA}/public/hidden`,
      bodyFor('hidePerson', {} as Ids, ''),
    );
    expect(hidden.status).toBe(201);
    const personId = String((hidden.body.people as { personId: string }[])[0]!.personId);
    const ownOfA: Ids = {
      galleryId: galleryA,
      photoId: photos[1]!,
      orderId: String(created.body.orderId),
      personId,
      memberId: a.userId,
    };
    const galleryB = await createGallery(env, b, 'Seller B');

    const snapshot = async () => ({
      gallery: await getGallery(a.userId, galleryA),
      photos: (await getPhotos(galleryA, [...photos, pendingUpload.photoId, multipartPhotoId])).sort(
        (x, y) => (x.photoId < y.photoId ? -1 : 1),
      ),
      order: await getOrder(ownOfA.orderId),
      user: await getUser(a.userId),
      objects: await Promise.all(
        photos.map((photoId) =>
          s3()
            .send(
              new HeadObjectCommand({
                Bucket: bucketsEnv().ORIGINALS_BUCKET,
                Key: objectKeys.original(galleryA, photoId),
              }),
            )
            .then((head) => head.ETag),
        ),
      ),
    });
    const before = await snapshot();
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);

    // A's ids alone, A's photo and order with B's gallery, A's gallery with B's photo slot.
    const combinations: { label: string; ids: Ids }[] = [
      { label: 'A’s ids', ids: ownOfA },
      { label: 'A’s photo in B’s gallery', ids: { ...ownOfA, galleryId: galleryB } },
      { label: 'A’s pending upload', ids: { ...ownOfA, photoId: pendingUpload.photoId } },
      {
        label: 'A’s pending upload in B’s gallery',
        ids: { ...ownOfA, galleryId: galleryB, photoId: pendingUpload.photoId },
      },
      { label: 'A’s multipart upload', ids: { ...ownOfA, photoId: multipartPhotoId } },
      {
        label: 'A’s multipart upload in B’s gallery',
        ids: { ...ownOfA, galleryId: galleryB, photoId: multipartPhotoId },
      },
    ];
    const idsOfA = new Set([
      galleryA,
      ...photos,
      pendingUpload.photoId,
      multipartPhotoId,
      ownOfA.orderId,
      personId,
      a.userId,
    ]);
    const walked = new Set<string>();
    for (const name of idRoutes) {
      const route = routes[name];
      for (const { label, ids } of combinations) {
        // Calls that name none of A's ids (uploads into B's own gallery) are B's own business.
        const named = [...pathParamNames(route.path), ...(BODY_IDS[name] ?? [])].map(
          (param) => ids[param as keyof Ids],
        );
        if (!named.some((id) => idsOfA.has(id))) continue;
        const path =
          buildPath(route.path, ids as unknown as Record<string, string>) +
          (name === 'getGallery' ? '?includeUrls=true&includeThumbnails=true' : '');
        const answer = await call(env, b, route.method, path, bodyFor(name, ids, 'b-upload'));
        if (name === 'galleryThumbnails' && ids.galleryId === galleryB) {
          // A batch lookup in B's own gallery: ids that are not B's are left out, as unknown ones are.
          expect({ name, label, ...answer.body }).toEqual({ name, label, thumbnails: {} });
        } else {
          expect({ name, label, status: answer.status }).toEqual({ name, label, status: 404 });
          expect(answer.body.message, name).toEqual(expect.any(String));
        }
        walked.add(name);
      }
    }
    expect([...walked].sort()).toEqual([...idRoutes].sort());

    // A's client file id in B's own gallery: B gets a photo of its own, never A's.
    const reused = await call(
      env,
      b,
      'POST',
      `/galleries/${galleryB}/uploads`,
      bodyFor('createUploads', ownOfA, 'a-pending-upload'),
    );
    expect(reused.status).toBe(200);
    expect((reused.body.uploads as IssuedUpload[])[0]!.photoId).not.toBe(pendingUpload.photoId);

    // B's lists show none of A's.
    const lists = JSON.stringify([
      (await call(env, b, 'GET', '/galleries')).body,
      (await call(env, b, 'GET', '/orders')).body,
    ]);
    for (const id of [galleryA, ownOfA.orderId, ...photos]) expect(lists).not.toContain(id);

    expect(await snapshot()).toEqual(before);
    // A still has it all.
    expect((await call(env, a, 'GET', `/galleries/${galleryA}`)).body).toMatchObject({
      albumName: 'Seller A',
      photoCount: 2,
    });
    expect((await call(env, a, 'GET', `/orders/${ownOfA.orderId}`)).status).toBe(200);
  });

  it('answers 404 to B turning A’s logo upload into B’s logo, and A’s upload still works', async () => {
    const a = await newSeller(env);
    const b = await newSeller(env);
    const png = await solidPng(40, 20, '#123456');
    const started = await call(env, a, 'POST', '/branding/logo-uploads', {
      contentType: 'image/png',
      size: png.length,
    });
    const { uploadId, uploadUrl } = started.body as { uploadId: string; uploadUrl: string };
    await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    const taken = await call(env, b, 'POST', '/branding/logo', { uploadId });
    expect(taken).toMatchObject({ status: 404, body: { message: brandingErrors.logoUploadNotFound } });
    expect((await getUser(b.userId))?.logo).toBeUndefined();
    expect((await call(env, a, 'POST', '/branding/logo', { uploadId })).status).toBe(200);
    expect((await getUser(a.userId))?.logo).toMatchObject({ width: 40, height: 20 });
  });
});
