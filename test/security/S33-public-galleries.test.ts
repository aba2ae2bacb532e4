/**
 * S33, public galleries (issue 16). Unpublished, expired or PIN-protected (wrong PIN) galleries reveal
 * nothing; a face search cannot list or reconstruct other people's face data; no unwatermarked image is
 * at any URL a client could build before payment.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/constants';
import { publicGalleryErrors } from '#shared/public-gallery-errors';
import { routes, type RouteName } from '#shared/routes';
import { PublicGalleryView, type PublishGalleryBody } from '#shared/schemas/public-gallery';
import { bucketsEnv } from '../../functions/lib/env';
import { objectKeys } from '../../functions/lib/storage-layout';
import { captchaToken, useTestStack } from '../support/local-stack';
import {
  FACES,
  orderPick,
  pickBody,
  searchBySelfie,
  waitForFaces,
} from '../integration/public-gallery-helpers';
import {
  call,
  createGallery,
  newSeller,
  uploadFiles,
  waitForPhotos,
  type Seller,
} from '../integration/seller-tools-helpers';

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

const apiPath = (url: string) => url.replace(/^\/api/, '');

async function everyCustomerCall(pin?: string) {
  const descriptor = new Array(128).fill(0.01);
  const calls = [
    ['POST', `/public/galleries/${publicId}`, { pin }],
    ['POST', `/public/galleries/${publicId}/search`, { pin, descriptor }],
    ['POST', `/public/galleries/${publicId}/orders`, await pickBody(env, { pin, photoIds: [photoIds[0]] })],
    ['GET', `/previews/${publicId}/${photoIds[0]}/full?v=0123456789abcdef`, undefined],
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
  const files = await Promise.all(
    ['lisa2.jpg', 'london-005-smiling.jpg'].map(async (name) => ({
      name,
      body: await readFile(path.join(FACES, name)),
    })),
  );
  photoIds = await uploadFiles(env, seller, galleryId, files);
  await waitForPhotos(env, seller, galleryId, photoIds);
}, 60_000);

describe('S33 public galleries reveal nothing unless published, open and unlocked', () => {
  it('before publishing: no public route given the gallery’s and photos’ ids tells anything', async () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(5);
    for (const name of PUBLIC_ROUTES) {
      const { method, path } = routes[name];
      let param = 0;
      const filled = path.replace(/\{(\w+)\}/g, (_, key: string) =>
        key === 'size' ? 'full' : param++ % 2 === 0 ? galleryId : photoIds[0]!,
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

  it('with a PIN: a missing or wrong one gets a 403 naming only the PIN, and preview links need its token', async () => {
    await publish(settings({ pin: '4826' }));
    for (const pin of [undefined, '0000', '48260']) {
      const answers = await everyCustomerCall(pin);
      for (const answer of answers.slice(0, 3)) expect(answer.revealed).toEqual([]);
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([403, 403, 403]);
      expect(answers[3]!.status).toBe(404);
    }
    const opened = PublicGalleryView.parse(
      (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, { pin: '4826' })).body,
    );
    const withToken = apiPath(opened.photos[0]!.fullUrl);
    expect((await fetch(`${env.demo.apiUrl}${withToken}`, { redirect: 'manual' })).status).toBe(302);
    // A new PIN: the links handed out with the old one stop working.
    await publish(settings({ pin: '9153' }));
    expect((await fetch(`${env.demo.apiUrl}${withToken}`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('S33 face search answers photo ids only, and only for its gallery', () => {
  beforeAll(async () => {
    await publish(settings());
    await waitForFaces(env, seller, galleryId, 2);
  }, 90_000);

  it('gives ids of matching photos, never a distance or a descriptor, and nothing for a stranger', async () => {
    const found = await searchBySelfie(env, publicId, 'lisa1.jpg');
    expect(found.body).toEqual({ photoIds: [photoIds[0]] });
    const noise = Array.from({ length: 128 }, (_, i) => Math.sin(i * 7.1) * 0.2);
    const stranger = await call(env, undefined, 'POST', `/public/galleries/${publicId}/search`, {
      descriptor: noise,
    });
    expect(stranger.body).toEqual({ photoIds: [] });
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
    for (const photo of view.photos) {
      expect(photo.gridUrl).toMatch(/^\/api\/previews\//);
      expect(photo.fullUrl).toMatch(/^\/api\/previews\//);
    }
    // The cover's links are signed, of its watermarked previews only.
    for (const url of [view.cover!.gridUrl, view.cover!.fullUrl])
      expect(new URL(url).pathname).toMatch(/\/previews\/[\w-]+\/[\w-]+\.(grid|full)\.webp$/);
    const redirect = await fetch(`${env.demo.apiUrl}${apiPath(view.photos[0]!.fullUrl)}`, {
      redirect: 'manual',
    });
    const preview = Buffer.from(await (await fetch(redirect.headers.get('location')!)).arrayBuffer());
    const original = await readFile(path.join(FACES, 'lisa2.jpg'));
    const { width, height } = await sharp(preview).metadata();
    const pixels = (image: Buffer) => sharp(image).resize(width, height).greyscale().raw().toBuffer();
    const [a, b] = await Promise.all([pixels(preview), pixels(original)]);
    let changed = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 60) changed++;
    // The centred mark covers a good share of the image: far more than re-encoding ever changes.
    expect(changed / a.length).toBeGreaterThan(0.02);
  });

  it('asks for no size but the two previews, and the photos’ own copies stay unsigned-unreachable', async () => {
    for (const size of ['original', 'optimized', 'thumbnail', '..%2Foptimized'])
      expect(
        (await call(env, undefined, 'GET', `/previews/${publicId}/${photoIds[0]}/${size}?v=0123456789abcdef`))
          .status,
      ).toBe(400);
    const { ORIGINALS_BUCKET, DERIVED_BUCKET } = bucketsEnv();
    const unsigned = [
      `${ORIGINALS_BUCKET}/${objectKeys.original(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${objectKeys.optimized(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${objectKeys.thumbnail(galleryId, photoIds[0]!)}`,
      `${DERIVED_BUCKET}/${objectKeys.preview(galleryId, photoIds[0]!, 'full')}`,
    ];
    for (const key of unsigned) expect((await fetch(`${env.stack.urls.s3}/${key}`)).status).toBe(403);
  });
});
