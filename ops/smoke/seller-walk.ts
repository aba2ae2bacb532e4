/**
 * A seller's walk through the SPA, screen by screen, with the accessible names the end-to-end tests
 * use (test/e2e/seller-tools.test.ts, accounts.test.ts): sign in on /signin (the SPA signs in with
 * SRP), create a gallery, upload a photo, wait for its thumbnail, create an order and read its link
 * and QR code.
 */
import type { Page } from 'playwright-core';
import { sellerToolErrors } from '#shared/texts/seller-tools-errors';
import type { Credentials } from './flags';
import { expectImageLoaded, expectScreen, main, screenOutcome } from './pages';
import type { SmokePhoto } from './smoke-photo';

export async function signIn(page: Page, appUrl: string, seller: Credentials): Promise<void> {
  await page.goto(`${appUrl}/signin`);
  await main(page).getByLabel('Email address', { exact: true }).fill(seller.email);
  await main(page).getByLabel('Password', { exact: true }).fill(seller.password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  // A seller an administrator created must choose a password first: the smoke cannot do that for them.
  const newPassword = page.getByRole('heading', { name: 'Choose a New Password' });
  const outcome = await screenOutcome(
    page.getByRole('heading', { name: /^Welcome, .+!$/ }),
    main(page).getByRole('alert').or(newPassword),
  );
  if (outcome.shown) return;
  if (await newPassword.isVisible())
    throw new Error(`${seller.email} has a temporary password: sign in once on /signin and choose one`);
  throw new Error(`the page says "${outcome.said}"`);
}

/** From the dashboard to a new gallery's page; returns its address. */
export async function createGallery(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Galleries' }).click();
  await page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();
  await page.getByLabel('Gallery name').fill(name);
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await expectScreen(
    page.getByRole('heading', { name, exact: true }),
    main(page).getByRole('alert'),
    'creating the gallery',
  );
  return page.url();
}

export async function uploadPhoto(page: Page, photo: SmokePhoto): Promise<void> {
  await page
    .getByRole('region', { name: 'Upload photos' })
    .locator('input[type="file"]')
    .setInputFiles(photo);
  const uploaded = page.getByRole('status').filter({ hasText: 'Uploaded 1 of 1' });
  await expectScreen(uploaded, main(page).getByRole('alert'), 'uploading');
}

/** The page polls while the photo is processed; a ready photo gets a thumbnail to view it by. */
export async function seeThumbnail(page: Page, photoName: string): Promise<void> {
  const view = page.getByRole('button', { name: `View ${photoName}` });
  await expectScreen(view, main(page).getByRole('alert'), 'processing the photo');
  // Thumbnails load lazily: the image exists only once its tile is near the viewport.
  await view.scrollIntoViewIfNeeded();
  await expectImageLoaded(view.getByRole('img', { name: photoName }), 'the thumbnail');
}

export interface CreatedOrder {
  orderId: string;
  link: string;
}

export interface OrderRequest {
  appUrl: string;
  photoName: string;
  /** As typed in the price field: '0' for a free order. */
  price: string;
  /** How the order screen shows that price ('Free', '£1.00'). */
  shownPrice: string;
  /** Says who cannot take payments when the page refuses a paid order for that reason. */
  sellerEmail: string;
}

async function readOrderLink(page: Page, appUrl: string): Promise<CreatedOrder> {
  const link = await page.getByLabel('Order link').inputValue();
  const match = /^(.*)\/orders\/([A-Za-z0-9_-]+)$/.exec(link);
  // Customers get this link: one to another host (a wrong site domain setting) fails here.
  if (!match || match[1] !== appUrl) throw new Error(`the order link ${link} is not ${appUrl}/orders/<id>`);
  return { orderId: match[2] ?? '', link };
}

/** Selects the photo alone, prices the order and creates it; then its link and QR code must show. */
export async function createOrder(page: Page, request: OrderRequest): Promise<CreatedOrder> {
  // After an earlier order its panel stays: clearing the selection brings back an empty order form.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByRole('checkbox', { name: `Select ${request.photoName}` }).check();
  await page.getByLabel('Price (£, 0 for a free order)').fill(request.price);
  await page.getByRole('button', { name: 'Create order' }).click();
  const created = page.getByRole('heading', { name: 'Order created' });
  const outcome = await screenOutcome(created, main(page).getByRole('alert'));
  if (!outcome.shown && outcome.said === sellerToolErrors.paymentsNotActive)
    throw new Error(
      `${request.sellerEmail} cannot take payments (pass --paid-seller-email for a seller on a plan with card payments and an active Stripe account); the page says "${outcome.said}"`,
    );
  if (!outcome.shown) throw new Error(`creating the order: the page says "${outcome.said}"`);
  const panel = page.locator('section', { has: created });
  await panel.getByText(request.shownPrice).first().waitFor();
  const order = await readOrderLink(page, request.appUrl);
  await expectImageLoaded(
    page.getByRole('img', { name: `QR code for order ${order.orderId}` }),
    'the QR code',
  );
  return order;
}
