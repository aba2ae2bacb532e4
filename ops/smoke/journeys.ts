/**
 * The smoke test's journeys, each a series of steps: the seller's (sign in, gallery, photo, free
 * order), the free order's customer, the paid order (by the seller who takes payments) and its
 * customer. Each journey gets a fresh browser context, as separate people on separate devices.
 */
import type { Browser, Page } from 'playwright-core';
import { openFreeOrder, reachCheckout, seeOrderPhoto } from './customer-walk';
import type { Credentials, SmokeOptions } from './flags';
import { freshPage } from './pages';
import {
  createGallery,
  createOrder,
  seeThumbnail,
  signIn,
  uploadPhoto,
  type CreatedOrder,
} from './seller-walk';
import { SMOKE_PHOTO_NAME, smokePhoto } from './smoke-photo';
import type { StepRunner } from './steps';

export interface Walk {
  browser: Browser;
  steps: StepRunner;
  options: SmokeOptions;
  /** "Smoke test <time>": the galleries this run makes. */
  galleryName: string;
  /** What the run made and leaves behind, one line each. */
  leftBehind: string[];
}

/** The paid order's price: above Stripe's minimum charge, and nothing is paid anyway. */
export const PAID_PRICE = { typed: '1.00', shown: '£1.00' } as const;
const FREE_PRICE = { typed: '0', shown: 'Free' } as const;

export const JOURNEYS = {
  freeCustomer: 'customer journey: the free order to its gallery',
  paidOrder: `seller journey: a ${PAID_PRICE.shown} order`,
  paidCustomer: "customer journey: the paid order to Stripe's checkout page",
} as const;

export const samePaidSeller = (options: Pick<SmokeOptions, 'seller' | 'paidSeller'>) =>
  options.seller.email.toLowerCase() === options.paidSeller.email.toLowerCase();

async function signedInPage(walk: Walk, seller: Credentials, who: string): Promise<Page> {
  return walk.steps.run(`${who} signs in as ${seller.email}`, async () => {
    const page = await freshPage(walk.browser, walk.options.stepTimeoutMs);
    await signIn(page, walk.options.appUrl, seller);
    return page;
  });
}

/** Signs in, creates the run's gallery and uploads the photo until it is ready; returns the page. */
async function galleryWithReadyPhoto(walk: Walk, seller: Credentials, who: string): Promise<Page> {
  const { steps, galleryName } = walk;
  const page = await signedInPage(walk, seller, who);
  const galleryUrl = await steps.run(`${who} creates the gallery "${galleryName}"`, () =>
    createGallery(page, galleryName),
  );
  walk.leftBehind.push(`gallery "${galleryName}" of ${seller.email}: ${galleryUrl}`);
  await steps.run(`${who} uploads ${SMOKE_PHOTO_NAME}`, async () => uploadPhoto(page, await smokePhoto()));
  await steps.run(`${who} sees the photo ready (its thumbnail shown)`, () =>
    seeThumbnail(page, SMOKE_PHOTO_NAME),
  );
  return page;
}

async function orderStep(
  walk: Walk,
  page: Page,
  who: { label: string; email: string },
  price: { typed: string; shown: string },
): Promise<CreatedOrder> {
  const kind = price === FREE_PRICE ? 'free' : price.shown;
  const order = await walk.steps.run(
    `${who.label} creates a ${kind} order and sees its link and QR code`,
    () =>
      createOrder(page, {
        appUrl: walk.options.appUrl,
        photoName: SMOKE_PHOTO_NAME,
        price: price.typed,
        shownPrice: price.shown,
        sellerEmail: who.email,
      }),
  );
  walk.leftBehind.push(`${kind} order: ${order.link}`);
  return order;
}

export interface SellerJourney {
  /** Signed in, on the gallery with the ready photo. */
  page: Page;
  freeOrder: CreatedOrder;
}

export async function sellerJourney(walk: Walk): Promise<SellerJourney> {
  const { seller } = walk.options;
  const page = await galleryWithReadyPhoto(walk, seller, 'seller');
  const freeOrder = await orderStep(walk, page, { label: 'seller', email: seller.email }, FREE_PRICE);
  return { page, freeOrder };
}

export async function freeCustomerJourney(walk: Walk, order: CreatedOrder): Promise<void> {
  const { steps, options } = walk;
  const page = await steps.run('customer opens the free order and gives an email', async () => {
    const page = await freshPage(walk.browser, options.stepTimeoutMs);
    await openFreeOrder(page, order.link, options.customerEmail);
    return page;
  });
  await steps.run("customer sees the photo in the order's gallery", () => seeOrderPhoto(page));
}

/**
 * The paid order: in the seller's own gallery when that seller takes payments, else in a gallery of
 * the paid seller's. `sellerPage`: the seller journey's page, when the same seller takes payments.
 */
export async function paidOrderJourney(walk: Walk, sellerPage?: Page): Promise<CreatedOrder> {
  const { paidSeller } = walk.options;
  const who = samePaidSeller(walk.options) ? 'seller' : 'paid seller';
  const page =
    samePaidSeller(walk.options) && sellerPage
      ? sellerPage
      : await galleryWithReadyPhoto(walk, paidSeller, who);
  return orderStep(walk, page, { label: who, email: paidSeller.email }, PAID_PRICE);
}

export async function paidCustomerJourney(walk: Walk, order: CreatedOrder): Promise<void> {
  const { steps, options } = walk;
  await steps.run(
    `customer opening the paid order arrives at ${options.checkoutOrigin}'s checkout page`,
    async () => {
      const page = await freshPage(walk.browser, options.stepTimeoutMs);
      await reachCheckout(page, order.link, options.checkoutOrigin);
    },
  );
}
