/**
 * S33, public galleries. The feature is issue 16 and does not exist yet, so every gallery is unpublished:
 * what holds today is that a gallery reveals nothing to anyone without the seller's token. No public
 * route of the route table (called with a real gallery's and photo's ids in every path parameter), no
 * path a public gallery or a face search would take, and no unsigned URL of its images gives back its
 * name, its photo ids or an image. When issue 16 adds public galleries, this file grows the cases for
 * published, expired and PIN-protected galleries, face data, and watermarks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketsEnv } from '../../functions/lib/env';
import { objectKeys } from '../../functions/lib/storage-layout';
import { routes, type RouteName } from '#shared/routes';
import { useTestStack } from '../support/local-stack';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
} from '../integration/seller-tools-helpers';

const ALBUM = `Private album ${Date.now()}`;
let galleryId: string;
let photoId: string;

const env = useTestStack();
beforeAll(async () => {
  const seller = await newSeller(env);
  galleryId = await createGallery(env, seller, ALBUM);
  [photoId] = (await uploadFiles(env, seller, galleryId, [{ name: 'guest.jpg', body: await jpeg(33) }])) as [
    string,
  ];
  await waitForPhotos(env, seller, galleryId, [photoId]);
});

/** Every route a client reaches without a seller's token. */
const PUBLIC_ROUTES = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].caller !== 'seller');

/** What an answer gives away of the gallery beyond what the request sent (an echoed id is no leak). */
const reveals = (text: string, sent: string) =>
  [ALBUM, galleryId, photoId].filter((secret) => text.includes(secret) && !sent.includes(secret));

describe('S33 public galleries: an unpublished gallery reveals nothing', () => {
  it('through any public route given the gallery’s and photo’s ids', async () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(5);
    for (const name of PUBLIC_ROUTES) {
      const { method, path } = routes[name];
      let param = 0;
      const filled = path.replace(/\{\w+\}/g, () => (param++ % 2 === 0 ? galleryId : photoId));
      const answer = await call(env, undefined, method, filled, method === 'GET' ? undefined : {});
      const text = JSON.stringify(answer.body);
      expect({ name, status: answer.status < 500, revealed: reveals(text, filled) }).toEqual({
        name,
        status: true,
        revealed: [],
      });
    }
  });

  it('on the paths a public gallery or a face search would take', async () => {
    const paths = [
      `/public/galleries/${galleryId}`,
      `/public/galleries/${galleryId}/photos`,
      `/public/galleries/${galleryId}/faces`,
      `/public/galleries/${galleryId}/search`,
      `/galleries/${galleryId}/public`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST']) {
        const answer = await call(env, undefined, method, path, method === 'POST' ? {} : undefined);
        expect({
          path,
          method,
          status: answer.status,
          revealed: reveals(JSON.stringify(answer.body), path),
        }).toEqual({
          path,
          method,
          status: 404,
          revealed: [],
        });
      }
    }
  });

  it('at any unsigned URL of its images', async () => {
    const { ORIGINALS_BUCKET: originals, DERIVED_BUCKET: derived } = bucketsEnv();
    const urls = [
      `${env.stack.urls.s3}/${originals}/${objectKeys.original(galleryId, photoId)}`,
      `${env.stack.urls.s3}/${derived}/${objectKeys.thumbnail(galleryId, photoId)}`,
      `${env.stack.urls.s3}/${derived}/${objectKeys.optimized(galleryId, photoId)}`,
    ];
    for (const url of urls) {
      const response = await fetch(url);
      const body = Buffer.from(await response.arrayBuffer());
      expect({
        url,
        status: response.status,
        jpeg: body.subarray(0, 2).equals(Buffer.from([0xff, 0xd8])),
      }).toEqual({
        url,
        status: 403,
        jpeg: false,
      });
    }
  });
});
