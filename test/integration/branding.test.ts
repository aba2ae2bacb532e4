/**
 * The seller's brand through the local stack: a business name in the profile, a logo uploaded
 * through its signed URL and processed, shown on the public gallery and as its watermark, replaced (the
 * previews follow) and removed only once no published gallery draws it.
 */
import sharp, { type Metadata, type Stats } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandingErrors } from '#shared/rules/branding';
import { PublicGalleryView, type PublishGalleryBody } from '#shared/schemas/public-gallery';
import { User } from '#shared/schemas/user';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { edgeOriginOf } from './public-gallery-helpers';
import {
  call,
  createGallery,
  jpeg,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Answer,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';
import { solidJpeg, solidPng } from '@shutterlane/harness/images';

const env = useTestStack();
let seller: Seller;
let galleryId: string;

/** A wide two-colour PNG logo, larger than the stored box (800×400), so its processing shows. */
const logoPng = (colour: string) => solidPng(1600, 400, colour);

/** The browser's three steps: ask for a signed URL, PUT the file, have it processed. */
async function uploadLogo(
  who: Seller,
  file: Buffer,
  contentType = 'image/png',
): Promise<{ uploadId: string; answer: Answer }> {
  const started = await call(env, who, 'POST', '/branding/logo-uploads', { contentType, size: file.length });
  expect(started.status).toBe(201);
  const { uploadId, uploadUrl } = started.body as { uploadId: string; uploadUrl: string };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(file),
  });
  expect(put.status).toBe(200);
  return { uploadId, answer: await call(env, who, 'POST', '/branding/logo', { uploadId }) };
}

const apiPath = (url: string) => `${env.demo.apiUrl}${url.replace(/^\/api/, '')}`;

/** The logo's public address: a redirect to a signed URL of the stored PNG. */
async function followImage(url: string): Promise<Metadata & { stats: Stats }> {
  const redirect = await fetch(apiPath(url), { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const bytes = Buffer.from(await (await fetch(redirect.headers.get('location')!)).arrayBuffer());
  return { ...(await sharp(bytes).metadata()), stats: await sharp(bytes).stats() };
}

/** A preview, fetched where the page fetches it: the site's `/previews/*`, served by the local edge. */
async function previewImage(path: string): Promise<Metadata & { stats: Stats }> {
  const answer = await fetch(`${edgeOriginOf(env)}${path}`);
  expect(answer.status).toBe(200);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return { ...(await sharp(bytes).metadata()), stats: await sharp(bytes).stats() };
}

const gallerySettings = (watermark: PublishGalleryBody['settings']['watermark']): PublishGalleryBody => ({
  published: true,
  settings: {
    title: 'Quayside portraits',
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark,
  },
  faceSearch: { enabled: false },
});
const logoMark = { kind: 'logo', position: 'center', opacity: 1 } as const;

beforeAll(async () => {
  seller = await newSeller(env);
  galleryId = await createGallery(env, seller, 'Quayside');
  // A black photo: the white logo is plain to see on it.
  const photo = await solidJpeg(1600, 1200, '#000');
  await waitForPhotos(
    env,
    seller,
    galleryId,
    await uploadFiles(env, seller, galleryId, [{ name: 'a.jpg', body: photo }]),
  );
}, 60_000);

describe('seller branding', () => {
  it('keeps the business name with the profile: absent leaves it, empty removes it', async () => {
    const named = await call(env, seller, 'PATCH', '/users', {
      name: 'Sam Quay',
      businessName: ' Quay Photos ',
    });
    expect(User.parse(named.body).businessName).toBe('Quay Photos');
    const untouched = await call(env, seller, 'PATCH', '/users', { name: 'Sam Quay' });
    expect(User.parse(untouched.body).businessName).toBe('Quay Photos');
    const long = await call(env, seller, 'PATCH', '/users', {
      name: 'Sam Quay',
      businessName: 'x'.repeat(81),
    });
    expect(long.status).toBe(400);
  });

  it('refuses a logo watermark before there is a logo', async () => {
    const answer = await call(
      env,
      seller,
      'POST',
      `/galleries/${galleryId}/public`,
      gallerySettings(logoMark),
    );
    expect(answer).toMatchObject({ status: 400, body: { message: brandingErrors.logoWatermarkNeedsLogo } });
  });

  it('processes an uploaded logo into a PNG that fits 800×400, once, for its seller only', async () => {
    const { uploadId, answer } = await uploadLogo(seller, await logoPng('#ffffff'));
    expect(answer.status).toBe(200);
    const logoUrl = answer.body.logoUrl as string;
    expect(User.parse((await call(env, seller, 'GET', '/users')).body).logoUrl).toBe(logoUrl);
    const stored = await followImage(logoUrl);
    expect(stored).toMatchObject({ format: 'png', width: 800, height: 200 });
    const again = await call(env, seller, 'POST', '/branding/logo', { uploadId });
    expect(again).toMatchObject({ status: 404, body: { message: brandingErrors.logoUploadNotFound } });
  });

  it("refuses another seller's upload, a file that is not an image, and a body larger than signed", async () => {
    const other = await newSeller(env);
    const started = await call(env, seller, 'POST', '/branding/logo-uploads', {
      contentType: 'image/png',
      size: 10,
    });
    const stolen = await call(env, other, 'POST', '/branding/logo', { uploadId: started.body.uploadId });
    expect(stolen).toMatchObject({ status: 404, body: { message: brandingErrors.logoUploadNotFound } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const notImage = await uploadLogo(other, svg);
    expect(notImage.answer).toMatchObject({ status: 400, body: { message: brandingErrors.logoNotImage } });
    const tooBig = await call(env, other, 'POST', '/branding/logo-uploads', {
      contentType: 'image/png',
      size: 2 * 1024 * 1024 + 1,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain(brandingErrors.logoTooLarge);
    const small = await call(env, other, 'POST', '/branding/logo-uploads', {
      contentType: 'image/png',
      size: 10,
    });
    const larger = await fetch(small.body.uploadUrl as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await jpeg()),
    });
    expect(larger.ok).toBe(false);
    expect(User.parse((await call(env, other, 'GET', '/users')).body).logoUrl).toBeUndefined();
  });

  it('shows the brand on the gallery, draws the logo as its watermark, and follows a new logo', async () => {
    expect(
      (await call(env, seller, 'POST', `/galleries/${galleryId}/public`, gallerySettings(logoMark))).status,
    ).toBe(200);
    const { publicId } = (await call(env, seller, 'GET', `/galleries/${galleryId}/public`)).body as {
      publicId: string;
    };
    const view = async () =>
      PublicGalleryView.parse((await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body);
    const before = await view();
    const user = User.parse((await call(env, seller, 'GET', '/users')).body);
    expect(before.seller).toEqual({ businessName: 'Quay Photos', logoUrl: user.logoUrl });
    // The white logo across 60% of a black photo's width (a 4:1 logo: about 12% of its area) lifts the mean.
    const whiteMarked = await previewImage(before.photos[0]!.fullUrl);
    const whiteMean = whiteMarked.stats.channels[0]!.mean;
    expect(whiteMean).toBeGreaterThan(20);

    // A new (dark grey) logo: new preview links, and previews drawn with it.
    expect((await uploadLogo(seller, await logoPng('#404040'))).answer.status).toBe(200);
    const after = await view();
    expect(after.photos[0]!.fullUrl).not.toBe(before.photos[0]!.fullUrl);
    const greyMean = (await previewImage(after.photos[0]!.fullUrl)).stats.channels[0]!.mean;
    expect(greyMean).toBeGreaterThan(5);
    expect(greyMean).toBeLessThan(whiteMean / 2);
    // The replaced logo is gone.
    expect((await fetch(apiPath(user.logoUrl!), { redirect: 'manual' })).status).toBe(404);
  }, 60_000);

  it('removes the logo only once no published gallery draws it', async () => {
    const inUse = await call(env, seller, 'DELETE', '/branding/logo');
    expect(inUse).toMatchObject({ status: 409, body: { message: brandingErrors.logoInUse } });
    const text = { kind: 'text', text: 'Quay Photos', position: 'center', opacity: 1 } as const;
    expect(
      (await call(env, seller, 'POST', `/galleries/${galleryId}/public`, gallerySettings(text))).status,
    ).toBe(200);
    const logoUrl = User.parse((await call(env, seller, 'GET', '/users')).body).logoUrl!;
    expect((await call(env, seller, 'DELETE', '/branding/logo')).status).toBe(204);
    expect(User.parse((await call(env, seller, 'GET', '/users')).body).logoUrl).toBeUndefined();
    expect((await fetch(apiPath(logoUrl), { redirect: 'manual' })).status).toBe(404);
    expect((await call(env, seller, 'DELETE', '/branding/logo')).status).toBe(204);
  });
});
