/** A seller signed in through the SPA's sign-in form, as a seller would (SRP with Cognito). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_SELLER } from '@shutterlane/local-stack/seed/seed';

export interface SellerCredentials {
  email: string;
  password: string;
  /** The name the dashboard welcomes. */
  name: string;
}

/** Opens /signin on `appUrl`, signs `seller` in and waits for the dashboard's welcome. */
export async function signInThroughPage(
  page: Page,
  appUrl: string,
  seller: SellerCredentials,
): Promise<void> {
  await page.goto(`${appUrl}/signin?email=${encodeURIComponent(seller.email)}`);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: `Welcome, ${seller.name}!` }).waitFor();
}

/** The demo seller of the seed, signed in on `appUrl`. */
export const signInAsDemoSeller = (page: Page, appUrl: string): Promise<void> =>
  signInThroughPage(page, appUrl, DEMO_SELLER);

/** A fresh browser context with the demo seller signed in on `appUrl`. */
export async function demoSellerPage(
  browser: Browser,
  appUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsDemoSeller(page, appUrl);
  return { context, page };
}

/** Creates a gallery named `name` from the galleries page; resolves with the gallery page's URL. */
export async function createGalleryThroughPage(page: Page, appUrl: string, name: string): Promise<string> {
  await page.goto(`${appUrl}/galleries`);
  await page.getByLabel('Gallery name').fill(name);
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await page.getByRole('heading', { name }).waitFor();
  return page.url();
}
