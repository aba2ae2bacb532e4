/**
 * A seller's account in headless Chromium against the local stack: sign up with a fresh invitation
 * code, verify through the link in the outbox, sign in (Amplify against the Cognito stand-in), see the
 * dashboard, change the password, sign out through the countdown page, sign in again; then reset a
 * forgotten password from the sign-in modal with the code from the outbox.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountErrors, resetErrors, signUpErrors } from '../../shared/errors';
import { mintInvites } from '../../ops/invite';
import { e2eWorld } from '../support/e2e';
import { linkIn, uniqueEmail, waitForMail } from '../support/accounts';

const world = e2eWorld();

const NAME = 'Grace Hopper';
const app = (path: string) => `${world.env.stack.urls.app}${path}`;
const main = (page: Page) => page.getByRole('main');

async function signIn(page: Page, email: string, password: string) {
  await page.goto(app(`/signin?email=${encodeURIComponent(email)}`));
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: `Welcome, ${NAME}!` }).waitFor();
}

async function signUp(page: Page, email: string, password: string) {
  const [inviteCode] = await mintInvites(1, 1, 'e2e');
  await page.goto(app('/signup'));
  await main(page).getByRole('button', { name: 'Create Account' }).click();
  expect(await page.getByRole('alert').textContent()).toBe(signUpErrors.allRequired);
  await page.getByLabel('Full name').fill(NAME);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Invitation code').fill(inviteCode!);
  await main(page).getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);
}

describe('seller accounts in the browser', () => {
  it('signs up, verifies, signs in, changes the password, signs out and signs in again', async () => {
    const page = await world.browser.newPage();
    const email = uniqueEmail('e2e-seller');
    await signUp(page, email, 'first-password-1');

    await page.goto(linkIn(await waitForMail(world.env.stack, email, 'Verify'), '/verify').toString());
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await page.getByRole('link', { name: 'Go to Sign In' }).click();

    await signIn(page, email, 'first-password-1');
    expect(await main(page).getByText(email).count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    // Signed in: the navigation offers Dashboard and Sign Out; /signin sends to the dashboard.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.goto(app('/signin'));
    await page.getByRole('heading', { name: `Welcome, ${NAME}!` }).waitFor();

    await main(page).getByRole('link', { name: 'Manage Account' }).click();
    await page.getByLabel('Current password').fill('first-password-1');
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password').fill('second-password-x');
    await main(page).getByRole('button', { name: 'Change Password' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(accountErrors.passwordsMismatch);
    await page.getByLabel('Confirm new password').fill('second-password-2');
    await main(page).getByRole('button', { name: 'Change Password' }).click();
    await page.getByText(accountErrors.passwordChanged).waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    await page.goto(app('/dashboard'));
    await main(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    await page.waitForURL(app('/'), { timeout: 8000 });
    await page.goto(app('/dashboard'));
    await page.waitForURL(/\/signin$/);

    await signIn(page, email, 'second-password-2');
    await page.close();
  });

  it('resets a forgotten password from the sign-in modal with the code from the outbox', async () => {
    const page = await world.browser.newPage();
    const email = uniqueEmail('e2e-forgetful');
    await signUp(page, email, 'first-password-1');
    await page.goto(linkIn(await waitForMail(world.env.stack, email, 'Verify'), '/verify').toString());
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();

    await page.goto(app('/signin'));
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    const request = page.getByRole('dialog', { name: 'Send Reset Code' });
    await request.getByRole('button', { name: 'Send Reset Code' }).click();
    expect(await request.getByRole('alert').textContent()).toBe(resetErrors.emailRequired);
    await request.getByLabel('Email address').fill(email);
    await request.getByRole('button', { name: 'Send Reset Code' }).click();

    const complete = page.getByRole('dialog', { name: 'Complete Reset' });
    await complete.waitFor();
    const code = linkIn(
      await waitForMail(world.env.stack, email, 'Reset'),
      '/reset-password',
    ).searchParams.get('code')!;
    await complete.getByLabel('Reset code').fill(code);
    await complete.getByLabel('New password', { exact: true }).fill('short');
    await complete.getByLabel('Confirm new password').fill('short');
    await complete.getByRole('button', { name: 'Complete Reset' }).click();
    expect(await complete.getByRole('alert').textContent()).toBe(resetErrors.modalPasswordTooShort);
    await complete.getByLabel('New password', { exact: true }).fill('reset-password-3');
    await complete.getByLabel('Confirm new password').fill('reset-password-3');
    await complete.getByRole('button', { name: 'Complete Reset' }).click();
    await page.getByText(resetErrors.complete).waitFor();
    expect(await complete.count()).toBe(0);

    await signIn(page, email, 'reset-password-3');
    await page.close();
  });
});
