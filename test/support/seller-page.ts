/** The demo seller signed in through the SPA's sign-in form, as a seller would (SRP with Cognito). */
import type { Page } from 'playwright-core';
import { DEMO_SELLER } from '../../local/seed/seed';

/** Opens /signin on `appUrl`, signs the demo seller in and waits for the dashboard's welcome. */
export async function signInAsDemoSeller(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/signin?email=${encodeURIComponent(DEMO_SELLER.email)}`);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(DEMO_SELLER.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: `Welcome, ${DEMO_SELLER.name}!` }).waitFor();
}
