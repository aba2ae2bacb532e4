/**
 * Calls of the public gallery tests (integration and S33): faces recorded, a search by a selfie file,
 * and a pick ordered as the page orders it (with a fresh human-check token).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { PublicGalleryAdmin } from '#shared/schemas/public-gallery';
import { bucketsEnv } from '../../functions/lib/env';
import { describeFaces } from '../../functions/domains/faces/face-descriptors';
import { headObject } from '../../functions/lib/s3';
import { captchaToken, type TestStack } from '@shutterlane/harness/local-stack';
import {
  call,
  uploadFiles,
  waitForPhotos,
  type Answer,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

/** The seed's face photos (local/stack/seed/faces/ATTRIBUTION.md): lisa1 is a selfie of the person in lisa2 to lisa4. */
export const FACES = path.join(import.meta.dirname, '../../local/stack/seed/faces');

/** Uploads the seed's face photos named to the gallery and waits until they are READY: their ids. */
export async function uploadFacePhotos(
  env: TestStack,
  seller: Seller,
  galleryId: string,
  names: string[],
): Promise<string[]> {
  const files = await Promise.all(
    names.map(async (name) => ({ name, body: await readFile(path.join(FACES, name)) })),
  );
  const photoIds = await uploadFiles(env, seller, galleryId, files);
  await waitForPhotos(env, seller, galleryId, photoIds);
  return photoIds;
}

/** Reads the seller's settings until `count` photos have had their faces looked at. */
export async function waitForFaces(
  env: TestStack,
  seller: Seller,
  galleryId: string,
  count: number,
): Promise<PublicGalleryAdmin> {
  // Describing faces is the heaviest work a stack does: on a busy machine a first job takes a while.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const admin = PublicGalleryAdmin.parse(
      (await call(env, seller, 'GET', `/galleries/${galleryId}/public`)).body,
    );
    if (admin.faceSearch.photosIndexed >= count) return admin;
    if (Date.now() > deadline) throw new Error(`faces of ${admin.faceSearch.photosIndexed} photos only`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A search as the customer's browser makes it: the selfie's descriptor (computed here), nothing else. */
export async function searchBySelfie(env: TestStack, publicId: string, selfie: string): Promise<Answer> {
  const [descriptor] = await describeFaces(await readFile(path.join(FACES, selfie)));
  return call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
    descriptor: Array.from(descriptor!),
  });
}

/** The local edge (CloudFront's stand-in): where the site's `/previews/*` are served. */
export const edgeOriginOf = (env: TestStack): string => new URL(env.demo.apiUrl).origin;

/** How long a preview job may take to delete a folder whose access ended (the queue's poller, on a busy machine). */
export const FOLDER_DELETED = { timeout: 30_000 };

/** Waits until the derived bucket holds the key (a preview made ahead by the preview jobs). */
export async function waitForDerivedObject(key: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await headObject(bucketsEnv().DERIVED_BUCKET, key))) {
    if (Date.now() > deadline) throw new Error(`${key} was not made`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The body of a pick, with a good human-check token for it (each token is good once). */
export const pickBody = async (env: TestStack, body: { pin?: string | undefined; photoIds: unknown[] }) => ({
  ...body,
  captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicGalleryOrder),
});

/** Orders a pick in a public gallery as the customer's page does: after the human check. */
export const orderPick = async (
  env: TestStack,
  publicId: string,
  body: { pin?: string | undefined; photoIds: unknown[] },
): Promise<Answer> =>
  call(env, undefined, 'POST', `/public/galleries/${publicId}/orders`, await pickBody(env, body));
