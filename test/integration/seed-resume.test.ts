/**
 * A first start interrupted while seeding (Ctrl-C, a crash) finishes the same seed on the next start: on a
 * stack of its own, the seed is cut off by stopping every stand-in once its photos are on their way, the
 * stack starts again on the same data, and the seed completes with nothing made or counted twice: one demo
 * seller, subscribed, exactly the two planned galleries with every photo READY and counted once, the
 * four orders. (Before, the second start failed: "An account with the given email already exists".)
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getOrder } from '../../functions/domains/orders/order-store';
import { getGallery, listGalleries } from '../../functions/domains/galleries/gallery-store';
import { listGalleryPhotos } from '../../functions/domains/galleries/photo-store';
import { getUser } from '../../functions/domains/sellers/seller-store';
import { stripe } from '../../functions/lib/stripe';
import type { LocalPorts } from '@shutterlane/local-stack/config';
import { DEMO_PHOTO_COUNT } from '@shutterlane/local-stack/seed/demo-photos';
import { ensureSeed, SEED_PROGRESS_FILE } from '@shutterlane/local-stack/seed/seed';
import { startLocalStack, type LocalStack } from '@shutterlane/local-stack/stack';
import { freePorts } from '@shutterlane/harness/global-stack';

let ports: LocalPorts;
let dataDir: string;
let stack: LocalStack | undefined;

const start = () => startLocalStack({ ports, dataDir });
const services = (running: LocalStack) => ({
  cognito: { url: running.urls.cognito, userPoolId: running.cognito.userPoolId },
  stripeUrl: running.urls.stripe,
});

/** The demo gallery's id from the kept plan, once the seed has planned. */
async function plannedGallery(): Promise<string | undefined> {
  const plan = await readFile(path.join(dataDir, SEED_PROGRESS_FILE), 'utf8').catch(() => undefined);
  return plan === undefined
    ? undefined
    : (JSON.parse(plan) as { gallery: { galleryId: string } }).gallery.galleryId;
}

beforeAll(async () => {
  ports = await freePorts();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shutterlane-seed-resume-'));
  stack = await start();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('finishes on the next start a seed interrupted while its photos upload, making nothing twice', async () => {
  const interrupted = ensureSeed(dataDir, services(stack!));
  interrupted.catch(() => undefined);
  // Cut off part way: the seller and profile made, the demo gallery's first photos stored.
  await expect
    .poll(
      async () => {
        const galleryId = await plannedGallery();
        return galleryId ? (await listGalleryPhotos(galleryId)).length : 0;
      },
      { timeout: 90_000, interval: 100 },
    )
    .toBeGreaterThan(0);
  await stack!.stop();
  stack = undefined;
  await expect(interrupted).rejects.toThrow();
  // The interrupted run's last calls have failed before anything answers on these ports again.
  await sleep(2_000);
  expect(existsSync(path.join(dataDir, 'seed.json'))).toBe(false);

  stack = await start();
  const { seed, created } = await ensureSeed(dataDir, services(stack));

  expect(created).toBe(true);
  expect(existsSync(path.join(dataDir, SEED_PROGRESS_FILE))).toBe(false);
  const seller = await getUser(seed.sellerId);
  expect(seller).toMatchObject({ plan: 'advanced', businessName: expect.any(String) });
  const subscription = await (await stripe()).subscriptions.retrieve(seller!.stripeSubscriptionId!);
  expect(subscription.status).toBe('trialing');
  const { galleries } = await listGalleries(seed.sellerId, 10, undefined);
  expect(galleries.map((gallery) => gallery.galleryId).sort()).toEqual(
    [seed.galleryId, seed.publicGallery!.galleryId].sort(),
  );
  const photos = await listGalleryPhotos(seed.galleryId);
  expect(photos).toHaveLength(DEMO_PHOTO_COUNT);
  expect(photos.every((photo) => photo.status === 'READY')).toBe(true);
  expect((await getGallery(seed.sellerId, seed.galleryId))?.photoCount).toBe(DEMO_PHOTO_COUNT);
  for (const orderId of Object.values(seed.orders)) expect(await getOrder(orderId), orderId).toBeDefined();
}, 300_000);
