/**
 * The big orders of the browser ZIP bench, made as the app makes them: a local stack serving the
 * production build, the demo seed, then 300 photos of 8 MB uploaded to the S3 stand-in's originals
 * bucket (each one runs the real resize trigger, which makes its thumbnail and marks it READY) and
 * two fulfilled orders of the demo seller, of the first 50 and of all 300.
 *
 * A photo is a small real JPEG (noise, 640 × 480) followed by random bytes up to 8 MB: JPEG readers
 * stop at the image's end marker, so the resize trigger accepts it, and the bytes stay incompressible
 * like a camera's JPEG. The same files on disk are what `zip -0` archives.
 */
import { randomFillSync } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { bucketsEnv } from '../../functions/lib/env';
import { newPhotoId } from '../../functions/lib/ids';
import { holdOrderPhotos } from '../../functions/domains/orders/order-holds';
import { orderHoldsUntil } from '../../functions/domains/orders/order-rules';
import { createOrder } from '../../functions/domains/orders/order-store';
import { putPhoto } from '../../functions/domains/galleries/photo-store';
import { s3 } from '../../functions/lib/s3';
import { objectKeys } from '#shared/platform/storage-layout';
import { signedImageUrl } from '../../functions/domains/galleries/image-urls';
import { ensureSeed, seededOrder, waitForThumbnails } from '@shutterlane/local-stack/seed/seed';
import { startLocalStack } from '@shutterlane/local-stack/stack';
import { freePorts, SUITE_RATE_LIMITS } from '@shutterlane/harness/global-stack';
import { PHOTO_BYTES } from './zip';

const UPLOADS_AT_ONCE = 4;
const READY_TIMEOUT_MS = 10 * 60_000;

export interface BigOrders {
  appUrl: string;
  /** The photo files on disk, in the orders' order. */
  files: string[];
  /** Order page URL per photo count. */
  orders: Map<number, string>;
  /** Fresh signed URLs of the first `count` originals, as the order API signs them. */
  photoUrls: (count: number) => Promise<string[]>;
  stop: () => Promise<void>;
}

async function photoFiles(dir: string, count: number): Promise<string[]> {
  const head = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const photo = Buffer.alloc(PHOTO_BYTES);
  head.copy(photo);
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    randomFillSync(photo, head.length);
    const file = path.join(dir, `photo-${i}.jpg`);
    await writeFile(file, photo);
    files.push(file);
  }
  return files;
}

async function upload(sellerId: string, galleryId: string, files: string[]): Promise<string[]> {
  const photoIds = files.map(() => newPhotoId());
  const createdAt = new Date().toISOString();
  let next = 0;
  const uploader = async () => {
    while (next < files.length) {
      const index = next++;
      const photoId = photoIds[index]!;
      await putPhoto({
        galleryId,
        photoId,
        userId: sellerId,
        status: 'PROCESSING',
        quality: 'original',
        createdAt,
      });
      await s3().send(
        new PutObjectCommand({
          Bucket: bucketsEnv().ORIGINALS_BUCKET,
          Key: objectKeys.original(galleryId, photoId),
          Body: createReadStream(files[index]!),
          ContentLength: PHOTO_BYTES,
          ContentType: 'image/jpeg',
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, uploader));
  return photoIds;
}

async function fulfilledOrder(sellerId: string, galleryId: string, photoIds: string[]): Promise<string> {
  const order = seededOrder({ sellerId, galleryId, photoIds }, 60_000, {
    status: 'FULFILLED',
    customerEmail: 'customer@example.com',
    fulfilledAt: new Date(Date.now() - 30_000).toISOString(),
  });
  await holdOrderPhotos(order, orderHoldsUntil(order));
  await createOrder(order);
  return order.orderId;
}

export async function startBigOrders(
  counts: readonly number[],
  log: (line: string) => void,
): Promise<BigOrders> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-zip-browser-'));
  const photosDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-zip-photos-'));
  const cleanUp = () =>
    Promise.all([
      rm(dataDir, { recursive: true, force: true }),
      rm(photosDir, { recursive: true, force: true }),
    ]);
  log('Starting the local stack with the production build...');
  const stack = await startLocalStack({
    ports: await freePorts(),
    dataDir,
    web: true,
    webServer: 'preview',
    deploySettings: SUITE_RATE_LIMITS,
  });
  try {
    const { seed } = await ensureSeed(dataDir, {
      cognito: { url: stack.urls.cognito, userPoolId: stack.cognito.userPoolId },
      stripeUrl: stack.urls.stripe,
    });
    const most = Math.max(...counts);
    log(`Uploading ${most} photos of 8 MB to the S3 stand-in...`);
    const files = await photoFiles(photosDir, most);
    const photoIds = await upload(seed.sellerId, seed.galleryId, files);
    await waitForThumbnails(seed.galleryId, photoIds, READY_TIMEOUT_MS);
    const orders = new Map<number, string>();
    for (const count of counts) {
      const orderId = await fulfilledOrder(seed.sellerId, seed.galleryId, photoIds.slice(0, count));
      orders.set(count, `${stack.urls.app}/orders/${orderId}`);
    }
    return {
      appUrl: stack.urls.app,
      files,
      orders,
      photoUrls: (count) =>
        Promise.all(
          photoIds
            .slice(0, count)
            .map((photoId) => signedImageUrl({ galleryId: seed.galleryId, photoId }, 'original', 900)),
        ),
      stop: async () => {
        await stack.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await stack.stop();
    await cleanUp();
    throw error;
  }
}
