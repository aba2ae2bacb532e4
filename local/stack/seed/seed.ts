/**
 * The demo seed, made on first start and kept: a demo seller (Cognito user and profile, Stripe
 * Connect account with payments enabled, an Advanced subscription in its free trial), an invitation code, a gallery of 12 photos whose thumbnails
 * the real resize path made, and four orders (free, paid, expired, fulfilled).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_AWS } from '../config';
import { PAYOUT_DELAY_DAYS } from '../../../shared/constants';
import { orderExpiry } from '../../../shared/rules/order-status';
import { newGalleryId, newOrderId, newUserFacingCode } from '../../../functions/lib/ids';
import { putGallery } from '../../../functions/domains/galleries/gallery-store';
import { putInvite } from '../../../functions/domains/sellers/invite-store';
import { createOrder, type OrderRecord } from '../../../functions/domains/orders/order-store';
import { holdOrderPhotos } from '../../../functions/domains/orders/order-holds';
import { orderHoldsUntil } from '../../../functions/domains/orders/order-rules';
import { getPhotos, listGalleryPhotos } from '../../../functions/domains/galleries/photo-store';
import { putUser } from '../../../functions/domains/sellers/seller-store';
import { stripe } from '../../../functions/lib/stripe';
import { createOnboardedAccount } from '@shutterlane/stripe-emulator/testing';
import { DEMO_PHOTO_COUNT, demoPhoto } from './demo-photos';
import { subscribeDemoSeller } from './demo-subscription';
import { putOriginals } from './originals';
import { DEMO_BUSINESS_NAME, putDemoLogo } from './demo-brand';
import { createDemoPublicGallery, type DemoPublicGallery } from './demo-public-gallery';

export const DEMO_SELLER = {
  email: 'demo.seller@example.com',
  password: 'Shutterlane-demo-1',
  name: 'Demo Photographer',
};
export type DemoOrderKind = 'free' | 'paid' | 'expired' | 'fulfilled';

/** What the seed made, kept in `.data/seed.json` so later starts reuse it. */
export interface SeedRecord {
  sellerId: string;
  galleryId: string;
  inviteCode: string;
  orders: Record<DemoOrderKind, string>;
  /** Absent in a seed made before public galleries: added on the next start. */
  publicGallery?: DemoPublicGallery;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function createSeller(cognito: { url: string; userPoolId: string }): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito.url,
    region: LOCAL_AWS.region,
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
  });
  const pool = { UserPoolId: cognito.userPoolId, Username: DEMO_SELLER.email };
  await client.send(
    new AdminCreateUserCommand({
      ...pool,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: DEMO_SELLER.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: DEMO_SELLER.name },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ ...pool, Password: DEMO_SELLER.password, Permanent: true }),
  );
  const user = await client.send(new AdminGetUserCommand(pool));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('The demo seller has no sub in Cognito');
  return sub;
}

/**
 * A Connect Express account for the seller, onboarded through the emulator's hosted page, with the
 * payout schedule onboarding gives every seller's account (functions/connect: paid out 28 days after).
 */
async function connectAccount(): Promise<string> {
  const account = await createOnboardedAccount(await stripe(), DEMO_SELLER.email, {
    payoutSchedule: { interval: 'daily', delay_days: PAYOUT_DELAY_DAYS },
  });
  if (!account.charges_enabled) throw new Error("The demo seller's Connect account cannot take charges");
  return account.id;
}

async function uploadDemoPhotos(sellerId: string, galleryId: string): Promise<string[]> {
  const bodies = await Promise.all(Array.from({ length: DEMO_PHOTO_COUNT }, (_, index) => demoPhoto(index)));
  const now = new Date().toISOString();
  return putOriginals(sellerId, galleryId, bodies, () => now);
}

/**
 * The S3 stand-in runs the resize Lambda on each upload; wait until it has made every photo's copies
 * (a FAILED photo ends the wait at once: it will not become READY).
 */
export async function waitForThumbnails(
  galleryId: string,
  photoIds: string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const photos = await getPhotos(galleryId, photoIds);
    if (photos.length === photoIds.length && photos.every((p) => p.status === 'READY')) return;
    const failed = photos.find((p) => p.status === 'FAILED');
    if (failed)
      throw new Error(`The resize trigger refused photo ${failed.photoId}: ${failed.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The resize trigger did not process the photos in time');
}

/** An order of the seller's photos created `createdMsAgo`: free and pending unless `fields` say otherwise. */
export function seededOrder(
  owner: { sellerId: string; galleryId: string; photoIds: string[] },
  createdMsAgo: number,
  fields: Partial<OrderRecord> = {},
): OrderRecord {
  const created = new Date(Date.now() - createdMsAgo);
  return {
    orderId: newOrderId(),
    ...owner,
    currency: 'GBP',
    totalMinor: 0,
    orderType: 'FREE_ORDER',
    status: 'PENDING',
    createdAt: created.toISOString(),
    expiresAt: orderExpiry(created).toISOString(),
    ...fields,
  };
}

function demoOrders(
  sellerId: string,
  galleryId: string,
  photoIds: string[],
): Record<DemoOrderKind, OrderRecord> {
  const now = Date.now();
  const order = (createdMsAgo: number, fields: Partial<OrderRecord>): OrderRecord =>
    seededOrder({ sellerId, galleryId, photoIds }, createdMsAgo, fields);
  return {
    free: order(60_000, { photoIds: photoIds.slice(0, 4) }),
    paid: order(50_000, { photoIds: photoIds.slice(4, 10), orderType: 'PAID_ORDER', totalMinor: 1500 }),
    expired: order(40 * DAY_MS, { photoIds: photoIds.slice(0, 3), orderType: 'PAID_ORDER', totalMinor: 900 }),
    fulfilled: order(2 * DAY_MS, {
      photoIds,
      status: 'FULFILLED',
      customerEmail: 'customer@example.com',
      fulfilledAt: new Date(now - DAY_MS).toISOString(),
    }),
  };
}

async function saveDemoOrders(
  sellerId: string,
  galleryId: string,
  photoIds: string[],
): Promise<Record<DemoOrderKind, string>> {
  const orders = demoOrders(sellerId, galleryId, photoIds);
  for (const order of Object.values(orders)) {
    // As the orders API does: the photos are held while the order's customer can open them.
    await holdOrderPhotos(order, orderHoldsUntil(order));
    await createOrder(order);
  }
  return Object.fromEntries(Object.entries(orders).map(([kind, o]) => [kind, o.orderId])) as Record<
    DemoOrderKind,
    string
  >;
}

/**
 * Four new demo orders (free, paid, expired, fulfilled) on the seed's gallery: each test file gets
 * its own, so one file paying or fulfilling an order never changes what another file sees.
 */
export async function freshDemoOrders(seed: SeedRecord): Promise<SeedRecord> {
  const photos = await listGalleryPhotos(seed.galleryId);
  const photoIds = photos.map((photo) => photo.photoId).sort();
  return { ...seed, orders: await saveDemoOrders(seed.sellerId, seed.galleryId, photoIds) };
}

async function createSeed(services: { cognito: { url: string; userPoolId: string }; stripeUrl: string }) {
  const sellerId = await createSeller(services.cognito);
  const createdAt = new Date().toISOString();
  await putUser({
    userId: sellerId,
    email: DEMO_SELLER.email,
    name: DEMO_SELLER.name,
    createdAt,
    stripeAccountId: await connectAccount(),
    chargesEnabled: true,
    paymentAcceptanceEnabled: true,
    businessName: DEMO_BUSINESS_NAME,
    logo: await putDemoLogo(),
  });
  await subscribeDemoSeller(sellerId);
  const inviteCode = `DEMO-${newUserFacingCode()}`;
  await putInvite({ code: inviteCode, usesLeft: 25, note: 'demo seed', createdAt });
  const galleryId = newGalleryId();
  await putGallery({
    userId: sellerId,
    galleryId,
    albumName: 'Harbour Festival 2026',
    createdAt,
    // The resize trigger counts each photo as it becomes ready, as for any upload.
    photoCount: 0,
  });
  const photoIds = await uploadDemoPhotos(sellerId, galleryId);
  await waitForThumbnails(galleryId, photoIds);
  const orders = await saveDemoOrders(sellerId, galleryId, photoIds);
  const publicGallery = await createDemoPublicGallery(sellerId, waitForThumbnails);
  return { sellerId, galleryId, inviteCode, orders, publicGallery };
}

async function saveSeed(file: string, seed: SeedRecord): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(seed, null, 2)}\n`);
}

/** Reads the kept seed, or makes it on first start. */
export async function ensureSeed(
  dataDir: string,
  services: { cognito: { url: string; userPoolId: string }; stripeUrl: string },
): Promise<{ seed: SeedRecord; created: boolean }> {
  const file = path.join(dataDir, 'seed.json');
  let kept: SeedRecord | undefined;
  try {
    kept = JSON.parse(await readFile(file, 'utf8')) as SeedRecord;
  } catch {
    kept = undefined;
  }
  if (kept?.publicGallery) return { seed: kept, created: false };
  const seed = kept
    ? { ...kept, publicGallery: await createDemoPublicGallery(kept.sellerId, waitForThumbnails) }
    : await createSeed(services);
  await saveSeed(file, seed);
  return { seed, created: !kept };
}
