/**
 * Hiding a person from a public gallery, through the local stack: a gallery without the face search has
 * its photos' faces described when a person is hidden (a walk); the photos in which that person's face
 * matches are withheld from every page, their previews and a pick; a photo the seller releases is shown
 * again; a new photo of the person is checked before it is ever shown; removing the person shows the
 * rest again and drops the faces described only for hiding. The reference is the demo's lisa1 (a selfie
 * of the person in lisa2 to lisa4), described here as the seller's browser describes it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { HiddenPeopleView, PublicGalleryView, type PublishGalleryBody } from '#shared/schemas/public-gallery';
import { describeFaces } from '../../functions/domains/faces/face-descriptors';
import { faceSearchProgress } from '../../functions/domains/faces/face-store';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { edgeOriginOf, FACES, orderPick } from './public-gallery-helpers';
import {
  call,
  createGallery,
  demoSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const env = useTestStack();
let seller: Seller;
let galleryId: string;
let publicId: string;
const ids: Record<string, string> = {};
const SLOW = { timeout: 60_000, interval: 500 };

const published: PublishGalleryBody = {
  published: true,
  settings: {
    title: 'School sports day',
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'PROOF', position: 'center', opacity: 0.5 },
  },
  faceSearch: { enabled: false },
};

const upload = async (names: string[]) => {
  const files = await Promise.all(
    names.map(async (name) => ({ name, body: await readFile(path.join(FACES, name)) })),
  );
  const uploaded = await uploadFiles(env, seller, galleryId, files);
  names.forEach((name, i) => (ids[name] = uploaded[i]!));
  await waitForPhotos(env, seller, galleryId, uploaded);
};

const shownIds = async () =>
  PublicGalleryView.parse((await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body)
    .photos.map((photo) => photo.photoId)
    .sort();
const hidden = async () =>
  HiddenPeopleView.parse((await call(env, seller, 'GET', `/galleries/${galleryId}/public/hidden`)).body);
const withheldIds = async () => (await hidden()).withheld.map((photo) => photo.photoId).sort();
const idsOf = (...names: string[]) => names.map((name) => ids[name]!).sort();

beforeAll(async () => {
  seller = await demoSeller(env);
  galleryId = await createGallery(env, seller, 'Sports day');
  await upload(['lisa2.jpg', 'lisa3.jpg', 'london-001-smiling.jpg', 'london-004-smiling.jpg']);
  const answer = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, published);
  publicId = answer.body.publicId as string;
}, 120_000);

describe('hiding a person', () => {
  it('withholds every photo the person is in: off the pages, the previews and a pick', async () => {
    await expect.poll(shownIds, SLOW).toHaveLength(4);
    const lisa2Preview = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    ).photos.find((photo) => photo.photoId === ids['lisa2.jpg'])!.gridUrl;
    const [descriptor] = await describeFaces(await readFile(path.join(FACES, 'lisa1.jpg')));
    const answer = await call(env, seller, 'POST', `/galleries/${galleryId}/public/hidden`, {
      label: 'Lisa',
      descriptor: Array.from(descriptor!),
    });
    expect(answer.status).toBe(201);
    // The search is off: hiding describes the photos' faces (a walk), then withholds the matches.
    await expect.poll(withheldIds, SLOW).toEqual(idsOf('lisa2.jpg', 'lisa3.jpg'));
    await expect.poll(shownIds, SLOW).toEqual(idsOf('london-001-smiling.jpg', 'london-004-smiling.jpg'));
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    expect(view.totalPhotos).toBe(2);
    await expect
      .poll(async () => (await fetch(`${edgeOriginOf(env)}${lisa2Preview}`)).status, SLOW)
      .toBe(404);
    expect(await orderPick(env, publicId, { photoIds: [ids['lisa2.jpg']!] })).toMatchObject({
      status: 400,
      body: { message: publicGalleryErrors.photosUnavailable },
    });
    expect((await hidden()).people).toEqual([expect.objectContaining({ label: 'Lisa', withheldPhotos: 2 })]);
  }, 120_000);

  it('shows a released photo again, with its previews', async () => {
    const release = await call(
      env,
      seller,
      'POST',
      `/galleries/${galleryId}/photos/${ids['lisa2.jpg']}/release`,
    );
    expect(release.status).toBe(204);
    await expect.poll(shownIds, SLOW).toContain(ids['lisa2.jpg']);
    expect(await withheldIds()).toEqual(idsOf('lisa3.jpg'));
    const photo = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    ).photos.find((shown) => shown.photoId === ids['lisa2.jpg'])!;
    await expect
      .poll(async () => (await fetch(`${edgeOriginOf(env)}${photo.gridUrl}`)).status, SLOW)
      .toBe(200);
    // Released for Lisa: a second match of her face does not withhold it again.
    expect(
      (await call(env, seller, 'POST', `/galleries/${galleryId}/photos/${ids['lisa2.jpg']}/release`)).status,
    ).toBe(404);
  }, 120_000);

  it('checks a new photo before it is ever shown, and withholds it when the person is in it', async () => {
    const seen = new Set<string>();
    const watching = setInterval(
      () => void shownIds().then((shown) => shown.forEach((id) => seen.add(id))),
      150,
    );
    try {
      await upload(['lisa4.jpg']);
      await expect.poll(withheldIds, SLOW).toEqual(idsOf('lisa3.jpg', 'lisa4.jpg'));
    } finally {
      clearInterval(watching);
    }
    expect(seen.has(ids['lisa4.jpg']!)).toBe(false);
    expect(await shownIds()).not.toContain(ids['lisa4.jpg']);
  }, 120_000);

  it('shows the rest again once the person is no longer hidden, and drops the faces described for hiding', async () => {
    const { personId } = (await hidden()).people[0]!;
    expect(
      (await call(env, seller, 'DELETE', `/galleries/${galleryId}/public/hidden/${personId}`)).status,
    ).toBe(204);
    await expect
      .poll(shownIds, SLOW)
      .toEqual(
        idsOf('lisa2.jpg', 'lisa3.jpg', 'lisa4.jpg', 'london-001-smiling.jpg', 'london-004-smiling.jpg'),
      );
    expect(await hidden()).toEqual({ people: [], withheld: [] });
    expect(await faceSearchProgress(galleryId)).toEqual({ described: 0, failed: 0 });
  }, 120_000);

  it('refuses another seller’s gallery and a gallery never made public', async () => {
    const unpublished = await createGallery(env, seller, 'Private');
    const [descriptor] = await describeFaces(await readFile(path.join(FACES, 'lisa1.jpg')));
    const body = { label: 'Lisa', descriptor: Array.from(descriptor!) };
    expect(await call(env, seller, 'POST', `/galleries/${unpublished}/public/hidden`, body)).toMatchObject({
      status: 409,
      body: { message: publicGalleryErrors.hidingNeedsPublicGallery },
    });
    expect(
      (await call(env, seller, 'POST', `/galleries/${galleryId}/public/hidden`, { ...body, descriptor: [1] }))
        .status,
    ).toBe(400);
  });
});
