/**
 * The demo seed, made on first start and kept: a demo seller (Cognito user and profile, Stripe
 * Connect account with payments enabled, an Advanced subscription in its free trial), an invitation
 * code, a gallery of 12 photos whose thumbnails the real resize path made, and four orders (free, paid,
 * expired, fulfilled).
 *
 * A first start decides every id and date first and keeps that plan (`seed-progress.json`) until the seed
 * is complete (`seed.json`); each step is one a second run can repeat, so a start interrupted while seeding
 * (Ctrl-C, a crash) finishes the same seed on the next start.
 */
import { readFile, writeFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_AWS } from '../config';
import { PAYOUT_DELAY_DAYS } from '../../../shared/rules/constants';
import { orderExpiry } from '../../../shared/rules/order-status';
import { newGalleryId, newOrderId, newPhotoId, newUserFacingCode } from '../../../functions/lib/ids';
import { putInvite } from '../../../functions/domains/sellers/invite-store';
import { createOrder, getOrder, type OrderRecord } from '../../../functions/domains/orders/order-store';
import { isConditionFailure } from '../../../functions/lib/dynamo';
import { holdOrderPhotos } from '../../../functions/domains/orders/order-holds';
import { orderHoldsUntil } from '../../../functions/domains/orders/order-rules';
import { getPhotos, listGalleryPhotos } from '../../../functions/domains/galleries/photo-store';
import { getUser, putUser } from '../../../functions/domains/sellers/seller-store';
import { stripe } from '../../../functions/lib/stripe';
import { createOnboardedAccount } from '@shutterlane/stripe-emulator/testing';
import { DEMO_PHOTO_COUNT, demoPhoto } from './demo-photos';
import { subscribeDemoSeller } from './demo-subscription';
import { createGalleryIfAbsent, PhotoFailedError, uploadUntilReady } from './originals';
import { DEMO_BUSINESS_NAME, putDemoLogo } from './demo-brand';
import {
  createDemoPublicGallery,
  demoPublicGalleryImages,
  planDemoPublicGallery,
  type DemoPublicGallery,
  type DemoPublicGalleryPlan,
} from './demo-public-gallery';

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
  // A run interrupted after this made the user: that one is the demo seller.
  await client
    .send(
      new AdminCreateUserCommand({
        ...pool,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: DEMO_SELLER.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: DEMO_SELLER.name },
        ],
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof UsernameExistsException)) throw error;
    });
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

/** The demo photos, drawn with sharp (no stand-in involved: drawn while the seed writes). */
const drawDemoPhotos = (count: number) =>
  Promise.all(Array.from({ length: count }, (_, index) => demoPhoto(index)));

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
      throw new PhotoFailedError(
        `The resize trigger refused photo ${failed.photoId}: ${failed.failureReason}`,
      );
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

const idsOf = (orders: Record<DemoOrderKind, OrderRecord>) =>
  Object.fromEntries(Object.entries(orders).map(([kind, o]) => [kind, o.orderId])) as Record<
    DemoOrderKind,
    string
  >;

/** Saves the orders, as the orders API does: the photos are held while the order's customer can open them. */
async function saveDemoOrders(orders: Record<DemoOrderKind, OrderRecord>): Promise<void> {
  for (const order of Object.values(orders)) {
    await holdOrderPhotos(order, orderHoldsUntil(order));
    // Saved by a run before an interruption: created (and counted) once.
    if (!(await getOrder(order.orderId))) await createOrder(order);
  }
}

/**
 * Four new demo orders (free, paid, expired, fulfilled) on the seed's gallery: each test file gets
 * its own, so one file paying or fulfilling an order never changes what another file sees.
 */
export async function freshDemoOrders(seed: SeedRecord): Promise<SeedRecord> {
  const photos = await listGalleryPhotos(seed.galleryId);
  const photoIds = photos.map((photo) => photo.photoId).sort();
  const orders = demoOrders(seed.sellerId, seed.galleryId, photoIds);
  await saveDemoOrders(orders);
  return { ...seed, orders: idsOf(orders) };
}

type SeedServices = { cognito: { url: string; userPoolId: string }; stripeUrl: string };

/** Every id and date of a seed, decided before anything is written (`seed-progress.json`). */
interface SeedPlan {
  sellerId: string;
  createdAt: string;
  inviteCode: string;
  gallery: { galleryId: string; createdAt: string; photoIds: string[] };
  orders: Record<DemoOrderKind, OrderRecord>;
  publicGallery: DemoPublicGalleryPlan;
}

function planSeed(sellerId: string): SeedPlan {
  const createdAt = new Date().toISOString();
  const galleryId = newGalleryId();
  const photoIds = Array.from({ length: DEMO_PHOTO_COUNT }, () => newPhotoId());
  return {
    sellerId,
    createdAt,
    inviteCode: `DEMO-${newUserFacingCode()}`,
    gallery: { galleryId, createdAt, photoIds },
    orders: demoOrders(sellerId, galleryId, photoIds),
    publicGallery: planDemoPublicGallery(),
  };
}

/**
 * The seller's profile, with a Connect account and the brand: written once, before anything the resize
 * or the webhooks count into it (a run before this one may have written it already).
 */
async function createSellerProfile(plan: SeedPlan): Promise<void> {
  if (await getUser(plan.sellerId)) return;
  await putUser({
    userId: plan.sellerId,
    email: DEMO_SELLER.email,
    name: DEMO_SELLER.name,
    createdAt: plan.createdAt,
    stripeAccountId: await connectAccount(),
    chargesEnabled: true,
    paymentAcceptanceEnabled: true,
    businessName: DEMO_BUSINESS_NAME,
    logo: await putDemoLogo(),
  });
}

/** The Advanced plan, unless a run before this one subscribed already. */
async function subscribe(plan: SeedPlan, stripeUrl: string): Promise<void> {
  if (!(await getUser(plan.sellerId))?.stripeSubscriptionId)
    await subscribeDemoSeller(plan.sellerId, stripeUrl);
}

async function createInvite(plan: SeedPlan): Promise<void> {
  await putInvite({
    code: plan.inviteCode,
    usesLeft: 25,
    note: 'demo seed',
    createdAt: plan.createdAt,
  }).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}

async function createDemoGallery(plan: SeedPlan, drawn: Promise<Buffer[]>): Promise<void> {
  const { galleryId, createdAt, photoIds } = plan.gallery;
  await createGalleryIfAbsent({
    userId: plan.sellerId,
    galleryId,
    albumName: 'Harbour Festival 2026',
    createdAt: plan.createdAt,
    // The resize trigger counts each photo as it becomes ready, as for any upload.
    photoCount: 0,
  });
  const bodies = await drawn;
  const photos = photoIds.map((photoId, i) => ({ photoId, body: bodies[i]!, createdAt }));
  await uploadUntilReady(plan.sellerId, galleryId, photos, waitForThumbnails);
}

/** The plan a run before this one left unfinished (for the same seller), or a new one, kept before any write. */
async function seedPlan(file: string, sellerId: string): Promise<SeedPlan> {
  const kept = await readJson<SeedPlan>(file);
  if (kept?.sellerId === sellerId) return kept;
  const plan = planSeed(sellerId);
  await saveJson(file, plan);
  return plan;
}

/**
 * The writes go one after the other: the resize counts each photo into its gallery's and the seller's
 * counts in one transaction, and DynamoDB refuses a write to an item a transaction holds
 * (TransactionConflict), so the subscription's webhooks, an order's counters or the other gallery's photos
 * at the same moment would fail photos. What touches no stand-in (drawing the demo photos, describing the
 * faces: most of a first seed's work) is done meanwhile.
 */
async function createSeed(dataDir: string, services: SeedServices): Promise<SeedRecord> {
  const drawn = drawDemoPhotos(DEMO_PHOTO_COUNT);
  const images = demoPublicGalleryImages();
  drawn.catch(() => undefined);
  images.catch(() => undefined);
  const progressFile = path.join(dataDir, SEED_PROGRESS_FILE);
  const plan = await seedPlan(progressFile, await createSeller(services.cognito));
  await createSellerProfile(plan);
  await subscribe(plan, services.stripeUrl);
  await createInvite(plan);
  await createDemoGallery(plan, drawn);
  await saveDemoOrders(plan.orders);
  const publicGallery = await createDemoPublicGallery(
    plan.sellerId,
    plan.publicGallery,
    waitForThumbnails,
    images,
  );
  return {
    sellerId: plan.sellerId,
    galleryId: plan.gallery.galleryId,
    inviteCode: plan.inviteCode,
    orders: idsOf(plan.orders),
    publicGallery,
  };
}

/** Where an unfinished seed's plan is kept (in the data folder, beside `seed.json`). */
export const SEED_PROGRESS_FILE = 'seed-progress.json';

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function saveJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Written whole or not at all: an interruption never leaves half a file.
  await writeFile(`${file}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/**
 * Reads the kept seed, or makes it on first start (finishing the seed a start interrupted while seeding
 * left unfinished).
 */
export async function ensureSeed(
  dataDir: string,
  services: SeedServices,
): Promise<{ seed: SeedRecord; created: boolean }> {
  const file = path.join(dataDir, 'seed.json');
  const kept = await readJson<SeedRecord>(file);
  if (kept?.publicGallery) return { seed: kept, created: false };
  const seed = kept
    ? {
        ...kept,
        publicGallery: await createDemoPublicGallery(
          kept.sellerId,
          planDemoPublicGallery(),
          waitForThumbnails,
        ),
      }
    : await createSeed(dataDir, services);
  await saveJson(file, seed);
  await rm(path.join(dataDir, SEED_PROGRESS_FILE), { force: true });
  return { seed, created: !kept };
}
