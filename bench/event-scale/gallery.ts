/**
 * The bench's event gallery: 20,000 photos of the demo seller, published with a price and a watermark,
 * written straight into the stack (the photo records and, for every photo, its grid preview in the
 * gallery's preview folder), as a gallery whose previews were all made ahead looks. Published before the
 * photos are written, so no preview job walks them: the bench measures serving, not making.
 */
import sharp from 'sharp';
import { previewKeyOf } from '#shared/contract/preview-paths';
import { PublicGalleryView, type PublishGalleryBody } from '#shared/schemas/public-gallery';
import { bucketsEnv } from '../../functions/lib/env';
import { writeObject } from '../../functions/lib/s3';
import { PREVIEW_CACHE_CONTROL } from '../../functions/previews/make';
import { call, createGallery, demoSeller } from '@shutterlane/harness/seller-tools-helpers';
import { addGeneratedPhotos } from '@shutterlane/harness/event-gallery';
import type { TestStack } from '@shutterlane/harness/local-stack';

export const EVENT_PHOTOS = 20_000;
/** Time for the preview jobs' poller to take and end the empty gallery's walk. */
const WALK_SETTLE_MS = 5_000;
/** Writes in flight at once to the bucket. */
const PARALLEL = 16;

export interface EventGallery {
  publicId: string;
  galleryId: string;
  photoIds: string[];
  /** The view's first answer, once every photo is in the index. */
  view: PublicGalleryView;
  /** How long writing the gallery took, seconds. */
  writeSeconds: number;
}

const PUBLISHED: PublishGalleryBody = {
  published: true,
  settings: {
    title: 'Harbour marathon 2026',
    eventDate: '2026-06-01',
    pricing: { currency: 'GBP', perPhotoMinor: 400, bundles: [{ photos: 3, priceMinor: 1000 }] },
    watermark: { kind: 'text', text: 'Harbour Photos', position: 'tiled', opacity: 0.5 },
  },
  faceSearch: { enabled: false },
};

/**
 * A WebP standing for a made preview (every photo shares its bytes): a photo-like picture with grain, at
 * the previews' quality, so its bytes are a real preview's (about 20 KB for the grid's 400 px).
 */
async function previewBytes(width: number, height: number, grain: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: grain },
    },
  })
    .png()
    .toBuffer();
  const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(200,70%,75%)"/><stop offset="1" stop-color="hsl(240,60%,45%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width / 3}" cy="${height / 3}" r="${height / 4}" fill="hsl(30,80%,60%)"/></svg>`;
  return sharp(Buffer.from(picture))
    .composite([{ input: noise, blend: 'overlay' }])
    .webp({ quality: 72 })
    .toBuffer();
}

/** Full-size previews are written for the first page (the cover among them); the phone opens no other. */
const FULL_PREVIEWS = 100;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function viewOf(env: TestStack, publicId: string): Promise<PublicGalleryView> {
  return PublicGalleryView.parse(
    (await call(env, undefined, 'POST', `/public/galleries/${publicId}`, {})).body,
  );
}

export async function writeEventGallery(env: TestStack, count = EVENT_PHOTOS): Promise<EventGallery> {
  const started = Date.now();
  const seller = await demoSeller(env);
  const galleryId = await createGallery(env, seller, 'Harbour marathon 2026');
  const published = await call(env, seller, 'POST', `/galleries/${galleryId}/public`, PUBLISHED);
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}`);
  const publicId = published.body.publicId as string;
  // Publishing queued a walk of the (still empty) gallery: let it end before the photos arrive, so no
  // preview job works through them while the bench measures.
  await new Promise((resolve) => setTimeout(resolve, WALK_SETTLE_MS));
  const photoIds = await addGeneratedPhotos(seller.userId, galleryId, count, { copies: 0 });
  // The index catches up with the writes a moment later, as in AWS.
  let view = await viewOf(env, publicId);
  while (view.photos.length < Math.min(count, 100) || view.totalPhotos < count) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    view = await viewOf(env, publicId);
  }
  // `/previews/{publicId}/{closes}/{secret}/`: every photo's previews sit in the gallery's one folder.
  const folder = `${view.photos[0]!.gridUrl.split('/').slice(0, 5).join('/')}/`;
  const [grid, full] = await Promise.all([previewBytes(400, 267, 20), previewBytes(1200, 800, 15)]);
  const write = (path: string, body: Buffer) =>
    writeObject(bucketsEnv().DERIVED_BUCKET, previewKeyOf(path), body, {
      contentType: 'image/webp',
      cacheControl: PREVIEW_CACHE_CONTROL,
    });
  await inParallel(photoIds, (photoId) => write(`${folder}${photoId}/grid.webp`, grid));
  await inParallel(photoIds.slice(0, FULL_PREVIEWS), (photoId) =>
    write(`${folder}${photoId}/full.webp`, full),
  );
  return { publicId, galleryId, photoIds, view, writeSeconds: (Date.now() - started) / 1000 };
}
