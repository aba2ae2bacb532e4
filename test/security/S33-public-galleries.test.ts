/**
 * S33, public galleries. Unpublished, expired or PIN-protected (wrong PIN) galleries reveal
 * nothing, and a PIN guesser is stopped (delays, the human check, then the lock); a face search cannot list
 * or reconstruct other people's face data; no unwatermarked image is at any URL a client could build
 * before payment.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { routes, type RouteName } from '#shared/contract/routes';
import { previewKeyOf } from '#shared/contract/preview-paths';
import {
  FaceSearchResponse,
  PublicGalleryView,
  type PublishGalleryBody,
} from '#shared/schemas/public-gallery';
import { bucketsEnv } from '../../functions/lib/env';
import { objectKeys } from '#shared/platform/storage-layout';
import { PIN_ATTEMPTS } from '#shared/rules/pin-attempts';
import { captchaToken, useTestStack } from '@shutterlane/harness/local-stack';
import {
  pinCounts,
  pinGallery,
  pinToken,
  RIGHT_PIN,
  setPinCounts,
  typePin,
  wrongPinsAtOnce,
} from '@shutterlane/harness/public-gallery-pins';
import {
  FACES,
  FOLDER_DELETED,
  orderPick,
  pickBody,
  searchBySelfie,
  uploadFacePhotos,
  waitForDerivedObject,
  waitForFaces,
} from '../integration/public-gallery-helpers';
import { stripeOf } from '../integration/payments-helpers';
import { createOnboardedAccount } from '@shutterlane/stripe-emulator/testing';
import { readObject } from '../../functions/lib/s3';
import {
  call,
  createGallery,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Answer,
  type Seller,
} from '@shutterlane/harness/seller-tools-helpers';

const ALBUM = `Private album ${Date.now()}`;
const TITLE = `Guests of ${Date.now()}`;
let seller: Seller;
let galleryId: string;
let photoIds: string[];
let publicId: string;

const env = useTestStack();

const settings = (
  change: Partial<PublishGalleryBody['settings']> = {},
  published = true,
): PublishGalleryBody => ({
  published,
  settings: {
    title: TITLE,
    pricing: { currency: 'GBP', perPhotoMinor: 0, bundles: [] },
    watermark: { kind: 'text', text: 'PROOF', position: 'center', opacity: 1 },
    ...change,
  },
  // Each step sets the PIN it wants: none unless given.
  removePin: change.pin === undefined,
  faceSearch: { enabled: true, basis: 'The guests agreed' },
});

async function publish(body: PublishGalleryBody): Promise<void> {
  const answer = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, body);
  if (answer.status !== 200) throw new Error(`publish: ${answer.status} ${JSON.stringify(answer.body)}`);
  publicId = answer.body.publicId as string;
}

/** What an answer gives away of the gallery beyond what the request sent (an echoed id is no leak). */
const reveals = (text: string, sent: string) =>
  [ALBUM, TITLE, galleryId, ...photoIds].filter((secret) => text.includes(secret) && !sent.includes(secret));

/** Every route a client reaches without a seller's token. */
const PUBLIC_ROUTES = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].caller !== 'seller');

/** A preview folder's secret nobody was given. */
const GUESSED_SECRET = 'A'.repeat(22);
/** The local edge: CloudFront's stand-in, which serves the site's `/previews/*`. */
const edge = () => new URL(env.demo.apiUrl).origin;

/** The share of pixels that differ clearly between two pictures of the same photo (a watermark's share). */
async function shareChanged(preview: Buffer, original: Buffer): Promise<number> {
  const { width, height } = await sharp(preview).metadata();
  const pixels = (image: Buffer) => sharp(image).resize(width, height).greyscale().raw().toBuffer();
  const [a, b] = await Promise.all([pixels(preview), pixels(original)]);
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 60) changed++;
  return changed / a.length;
}

async function everyCustomerCall(pin?: string) {
  const descriptor = new Array(128).fill(0.01);
  const calls = [
    ['POST', `/public/galleries/${publicId}`, { pin }],
    ['POST', `/public/galleries/${publicId}/search`, { pin, descriptor }],
    ['POST', `/public/galleries/${publicId}/orders`, await pickBody(env, { pin, photoIds: [photoIds[0]] })],
    ['GET', `/previews/${publicId}/open/${GUESSED_SECRET}/${photoIds[0]}/full.webp`, undefined],
  ] as const;
  return Promise.all(
    calls.map(async ([method, path, body]) => {
      const answer = await call(env, undefined, method, path, body);
      return { path, status: answer.status, revealed: reveals(JSON.stringify(answer.body), path) };
    }),
  );
}

beforeAll(async () => {
  seller = await newSeller(env);
  galleryId = await createGallery(env, seller, ALBUM);
  photoIds = await uploadFacePhotos(env, seller, galleryId, ['lisa2.jpg', 'london-005-smiling.jpg']);
}, 60_000);

describe('S33 public galleries reveal nothing unless published, open and unlocked', () => {
  it('before publishing: no public route given the gallery’s and photos’ ids tells anything', async () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(5);
    for (const name of PUBLIC_ROUTES) {
      const { method, path } = routes[name];
      let param = 0;
      const filled = path.replace(/\{(\w+)\}/g, (_, key: string) =>
        key === 'size' ? 'full.webp' : param++ % 2 === 0 ? galleryId : photoIds[0]!,
      );
      const answer = await call(env, undefined, method, filled, method === 'GET' ? undefined : {});
      expect({
        name,
        ok: answer.status < 500,
        revealed: reveals(JSON.stringify(answer.body), filled),
      }).toEqual({
        name,
        ok: true,
        revealed: [],
      });
    }
  });

  it('unpublished, every customer call answers the same 404 and reveals nothing', async () => {
    await publish(settings({}, true));
    await publish(settings({}, false));
    for (const answer of await everyCustomerCall())
      expect(answer).toEqual({ path: answer.path, status: 404, revealed: [] });
    const view = await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {});
    expect(view.body).toEqual({ message: publicGalleryErrors.notFound });
  });

  it('past its end date, the same', async () => {
    await publish(settings({ eventDate: '2025-01-10', endDate: '2025-01-11' }));
    for (const answer of await everyCustomerCall())
      expect(answer).toEqual({ path: answer.path, status: 404, revealed: [] });
  });

  it('with a PIN: a missing or wrong one gets a 403 naming only the PIN, and a new PIN ends the preview links', async () => {
    await publish(settings({ pin: '482613' }));
    for (const pin of [undefined, '000000']) {
      const answers = await everyCustomerCall(pin);
      for (const answer of answers.slice(0, 3)) expect(answer.revealed).toEqual([]);
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([403, 403, 403]);
      expect(answers[3]!.status).toBe(404);
    }
    const opened = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, { pin: '482613' })).body,
    );
    const link = opened.photos[0]!.fullUrl;
    expect((await fetch(`${edge()}${link}`)).status).toBe(200);
    // A new PIN: the links handed out with the old one stop working (the folder is deleted; the API,
    // asked when the bucket has nothing, refuses the old folder at once).
    await publish(settings({ pin: '915372' }));
    expect((await call(env, undefined, 'GET', link)).status).toBe(404);
    await expect.poll(async () => (await fetch(`${edge()}${link}`)).status, FOLDER_DELETED).toBe(404);
  });

  it('a closed folder is refused at the edge, whatever the bucket holds', async () => {
    await publish(settings());
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    const [, , , , secret, photoId, file] = view.photos[0]!.fullUrl.split('/');
    // The same folder with a closing time in the past (so a forged later time names no object either).
    const closed = `/previews/${publicId}/1700000000/${secret}/${photoId}/${file}`;
    expect((await fetch(`${edge()}${closed}`)).status).toBe(404);
    expect((await fetch(`${edge()}/previews/${publicId}`)).status).toBe(404);
  });
});

describe('S33 a PIN guesser is stopped', () => {
  it('200 wrong PINs at once from several addresses: the first few are checked, the rest refused before the hash; none opens', async () => {
    const { publicId } = await pinGallery(env, seller);
    const answers: Answer[] = [];
    for (let wave = 0; wave < 10; wave++) answers.push(...(await wrongPinsAtOnce(env, publicId, 20)));
    for (const answer of answers) {
      expect([403, 429]).toContain(answer.status);
      expect(reveals(JSON.stringify(answer.body), publicId)).toEqual([]);
    }
    // Every PIN checked was counted; past the free streak the delays refused nearly all the others.
    const checked = answers.filter((answer) => answer.body.message === publicGalleryErrors.wrongPin).length;
    expect((await pinCounts(publicId)).pinFailures).toBe(checked);
    expect(checked).toBeLessThan(30);
    // The others were told how long to wait, in words and in Retry-After.
    for (const answer of answers.filter((refused) => refused.status === 429)) {
      const seconds = Number(answer.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(answer.body).toEqual({ message: publicGalleryErrors.pinWait(seconds) });
    }
  }, 60_000);

  it('one who keeps on is locked out, and every customer with them, until the seller unlocks it', async () => {
    const { galleryId, publicId } = await pinGallery(env, seller);
    // Two days of guessing as fast as the delays allow (109 the first day, then 96 a day): one short of the lock.
    const { lockAfter } = PIN_ATTEMPTS;
    await setPinCounts(publicId, {
      pinFailures: lockAfter - 1,
      pinStreak: lockAfter - 1,
      pinLastFailureAt: Date.now() - PIN_ATTEMPTS.maxDelayMs,
    });
    const [guess] = await wrongPinsAtOnce(env, publicId, 1);
    expect(guess).toMatchObject({ status: 423, body: { message: publicGalleryErrors.pinLocked } });
    const refused = [
      await typePin(env, publicId, { pin: RIGHT_PIN, captchaToken: await pinToken(env) }),
      await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
        pin: RIGHT_PIN,
        descriptor: new Array(128).fill(0.01),
      }),
    ];
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 423, body: { message: publicGalleryErrors.pinLocked } });
      expect(reveals(JSON.stringify(answer.body), publicId)).toEqual([]);
    }
    expect((await call(env, seller, 'POST', `/galleries/${galleryId}/public/pin-unlock`)).status).toBe(200);
    expect((await typePin(env, publicId, { pin: RIGHT_PIN })).status).toBe(200);
  });
});

describe('S33 face search answers photo ids only, and only for its gallery', () => {
  beforeAll(async () => {
    await publish(settings());
    await waitForFaces(env, seller, galleryId, 2);
  }, 150_000);

  it('gives ids of matching photos, never a distance or a descriptor, and nothing for a stranger', async () => {
    const found = await searchBySelfie(env, publicId, 'lisa1.jpg');
    expect(FaceSearchResponse.parse(found.body).photos.map((photo) => photo.photoId)).toEqual([photoIds[0]]);
    expect(JSON.stringify(found.body)).not.toMatch(/distance|descriptor/);
    const noise = Array.from({ length: 128 }, (_, i) => Math.sin(i * 7.1) * 0.2);
    const stranger = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      descriptor: noise,
    });
    expect(stranger.body).toEqual({ photos: [] });
  }, 60_000);

  it('refuses descriptors that are not one face (wrong length, out of range) with a 400', async () => {
    for (const descriptor of [[], new Array(127).fill(0), new Array(129).fill(0), new Array(128).fill(1e9)]) {
      const answer = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
        descriptor,
      });
      expect(answer.status).toBe(400);
    }
  });

  it('keeps the face index out of reach: no unsigned URL, and switching the search off deletes it', async () => {
    const { DERIVED_BUCKET } = bucketsEnv();
    const index = `${env.stack.urls.s3}/${DERIVED_BUCKET}/${objectKeys.faceIndex(galleryId)}`;
    expect((await fetch(index)).status).toBe(403);
    await call(env, seller, 'POST', `/galleries/${galleryId}/public`, {
      ...settings(),
      faceSearch: { enabled: false },
    });
    const off = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      descriptor: new Array(128).fill(0),
    });
    expect(off).toMatchObject({ status: 404, body: { message: publicGalleryErrors.faceSearchOff } });
    const admin = await call(env, seller, 'GET', `/galleries/${galleryId}/public`);
    expect(admin.body.faceSearch).toMatchObject({ enabled: false, photosIndexed: 0 });
  });
});

describe('a free public gallery', () => {
  it("makes a free order of the pick, whose page asks for the customer's email like any free order", async () => {
    await publish(settings());
    const ordered = await orderPick(env, publicId, { photoIds: [photoIds[1]] });
    expect(ordered.status).toBe(201);
    const orderId = ordered.body.orderId as string;
    const token = await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck);
    const order = await call(env, undefined, 'POST', `/public/orders/${orderId}`, { captchaToken: token });
    expect(order.body).toMatchObject({ nextStep: 'COLLECT_EMAIL', total: 0 });
    expect((order.body.photos as unknown[]).length).toBe(1);
  });
});

describe('S33 no unwatermarked image at any URL a client could build', () => {
  it('the view links previews only; a preview is not the photo itself', async () => {
    await publish(settings());
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    for (const photo of [...view.photos, view.cover!]) {
      expect(photo.gridUrl).toMatch(/^\/previews\/[\w-]+\/open\/[\w-]{22}\/[\w-]+\/grid\.webp$/);
      expect(photo.fullUrl).toMatch(/^\/previews\/[\w-]+\/open\/[\w-]{22}\/[\w-]+\/full\.webp$/);
    }
    const lisa = view.photos.find((photo) => photo.photoId === photoIds[0])!;
    const preview = Buffer.from(await (await fetch(`${edge()}${lisa.fullUrl}`)).arrayBuffer());
    const original = await readFile(path.join(FACES, 'lisa2.jpg'));
    // The centred mark covers a good share of the image: far more than re-encoding ever changes.
    expect(await shareChanged(preview, original)).toBeGreaterThan(0.02);
  });

  it('asks for no size but the two previews, and the photos’ own copies stay unsigned-unreachable', async () => {
    const view = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
    );
    const folder = view.photos[0]!.fullUrl.split('/').slice(0, 5).join('/');
    for (const size of ['original', 'optimized', 'thumbnail', '..%2Foptimized', 'full', 'grid.jpg']) {
      expect((await call(env, undefined, 'GET', `${folder}/${photoIds[0]}/${size}`)).status).toBe(400);
      expect((await fetch(`${edge()}${folder}/${photoIds[0]}/${size}`)).status).toBeGreaterThanOrEqual(400);
    }
    const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
    const unsigned = [
      `${ORIGINALS_BUCKET}/${objectKeys.original(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${objectKeys.optimized(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${objectKeys.thumbnail(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${previewKeyOf(view.photos[0]!.fullUrl)}`,
    ];
    for (const key of unsigned) expect((await fetch(`${env.stack.urls.s3}/${key}`)).status).toBe(403);
  });
});

describe('S33 an order made from a pick shows nothing clean before it is paid', () => {
  let paid: { seller: Seller; galleryId: string; photoIds: string[]; publicId: string };

  beforeAll(async () => {
    const account = await createOnboardedAccount(stripeOf(env), 'pick-seller@example.com');
    const seller = await newSeller(env, {
      plan: 'advanced',
      stripeAccountId: account.id,
      chargesEnabled: true,
      paymentAcceptanceEnabled: true,
    });
    const pricedGallery = await createGallery(env, seller, `Priced ${Date.now()}`);
    const files = [{ name: 'lisa2.jpg', body: await readFile(path.join(FACES, 'lisa2.jpg')) }];
    const ids = await uploadFiles(env, seller, pricedGallery, files);
    await waitForPhotos(env, seller, pricedGallery, ids);
    const body = settings({ pricing: { currency: 'GBP', perPhotoMinor: 400, bundles: [] } });
    const published = await call(env, seller, 'POST', `/galleries/${pricedGallery}/public`, {
      ...body,
      faceSearch: { enabled: false },
    });
    paid = { seller, galleryId: pricedGallery, photoIds: ids, publicId: published.body.publicId as string };
  }, 90_000);

  it('an anonymous pick’s unpaid order lists watermarked previews only, and signs none of the photo’s own copies', async () => {
    const picked = await orderPick(env, paid.publicId, { photoIds: paid.photoIds });
    expect(picked.status).toBe(201);
    const orderId = picked.body.orderId as string;
    const check = async () =>
      call(env, undefined, 'POST', `/public/orders/${orderId}`, {
        captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
      });
    const order = await check();
    expect(order.body).toMatchObject({ status: 'PENDING', nextStep: 'REDIRECT_TO_STRIPE' });
    const photos = order.body.photos as {
      photoId: string;
      thumbnailUrl: string;
      thumbnailWebpUrl?: string;
    }[];
    expect(photos.map((photo) => photo.photoId)).toEqual(paid.photoIds);
    for (const photo of photos) {
      expect(photo.thumbnailUrl).toMatch(/^\/previews\/[\w-]+\/open\/[\w-]{22}\/[\w-]+\/grid\.webp$/);
      expect(photo.thumbnailWebpUrl).toBeUndefined();
    }
    expect(JSON.stringify(order.body)).not.toMatch(/X-Amz-|thumbnails\/|optimized\/|photos\//);
    // The preview differs from the photo's own 400 px thumbnail (the watermark), which stays unreachable.
    await waitForDerivedObject(previewKeyOf(photos[0]!.thumbnailUrl));
    const preview = Buffer.from(await (await fetch(`${edge()}${photos[0]!.thumbnailUrl}`)).arrayBuffer());
    const own = (await readObject(
      bucketsEnv().DERIVED_BUCKET,
      objectKeys.thumbnail(paid.galleryId, paid.photoIds[0]!),
    ))!;
    expect(preview.equals(own)).toBe(false);
    expect(await shareChanged(preview, own)).toBeGreaterThan(0.02);
    // The photos themselves: refused while unpaid, no URL signed.
    const refused = await call(env, undefined, 'POST', `/public/orders/${orderId}/photos`, {
      captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).not.toMatch(/X-Amz-|https?:/);
    // The order page's one call answers the same steps, with the same previews and nothing signed.
    const opened = await call(env, undefined, 'POST', `/public/orders/${orderId}/open`, {
      captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.publicOrderCheck),
    });
    expect(opened.body).toMatchObject({
      kind: 'steps',
      order: { status: 'PENDING', nextStep: 'REDIRECT_TO_STRIPE', photos },
    });
    expect(JSON.stringify(opened.body)).not.toMatch(/X-Amz-|thumbnails\/|optimized\/|photos\//);
  }, 60_000);
});
