/**
 * A seller's account in headless Chromium against the local stack: sign up with a fresh invitation
 * code, verify through the link in the outbox, sign in (Amplify against the Cognito stand-in), see the
 * dashboard, change the password, sign out through the countdown page, sign in again; then reset a
 * forgotten password from the sign-in modal and from /reset-password, set up an administrator-created
 * account, and sign up again with an address that has an account. Every account call passes the human
 * check with a token the captcha stub gives the page's script; a low score shows the robot-check text.
 */
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountErrors, resetErrors, signUpErrors } from '#shared/texts/errors';
import { SIGN_UP_ATTEMPT_SUBJECT } from '../../functions/users/sign-up-attempt-mail';
import { mintInvites } from '../../ops/invite';
import { e2eWorld } from '../support/e2e';
import { cognitoClient, linkIn, outbox, uniqueEmail, waitForMail } from '@shutterlane/harness/accounts';
import { signInThroughPage } from '@shutterlane/harness/seller-page';

const world = e2eWorld();

const NAME = 'Grace Hopper';
const app = (path: string) => `${world.env.stack.urls.app}${path}`;
const main = (page: Page) => page.getByRole('main');

const signIn = (page: Page, email: string, password: string) =>
  signInThroughPage(page, app(''), { email, password, name: NAME });

async function signUp(page: Page, email: string, password: string, name = NAME) {
  const [inviteCode] = await mintInvites(1, 1, 'e2e');
  await page.goto(app('/signup'));
  await main(page).getByRole('button', { name: 'Create Account' }).click();
  expect(await page.getByRole('alert').textContent()).toBe(signUpErrors.allRequired);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Invitation code').fill(inviteCode!);
  await main(page).getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);
}

/** Signs up through the page and follows the emailed link, so the account can sign in. */
async function verifiedSignUp(page: Page, email: string, password: string) {
  await signUp(page, email, password);
  await page.goto(linkIn(await waitForMail(world.env.stack, email, 'Verify'), '/verify').toString());
  await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
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
    await verifiedSignUp(page, email, 'first-password-1');

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

describe('the other account pages, each behind the human check', () => {
  /** Runs `act` with the captcha stub scoring the page's tokens as a bot's. */
  async function asRobot(act: () => Promise<void>) {
    await world.env.stack.captcha.setScore(0.1);
    try {
      await act();
    } finally {
      await world.env.stack.captcha.setScore(0.9);
    }
  }

  it('resets a password on /reset-password: a robot is refused, then the emailed link sets the new one', async () => {
    const page = await world.browser.newPage();
    const email = uniqueEmail('e2e-reset-page');
    await verifiedSignUp(page, email, 'first-password-1');

    await page.goto(app('/reset-password'));
    await main(page).getByLabel('Email address').fill(email);
    await asRobot(async () => {
      await main(page).getByRole('button', { name: 'Send Reset Code' }).click();
      await main(page).getByText(signUpErrors.robotCheckFailed).waitFor();
    });
    expect(await page.getByRole('alert').textContent()).toBe(
      'Failed to verify that you are not a robot. Please try again.',
    );
    expect(
      (await outbox(world.env.stack)).filter((m) => m.to.includes(email) && m.subject.includes('Reset')),
    ).toEqual([]);
    await main(page).getByRole('button', { name: 'Send Reset Code' }).click();
    await main(page)
      .getByText('If an account exists for this email address, we have sent a reset code.')
      .waitFor();

    await page.goto(linkIn(await waitForMail(world.env.stack, email, 'Reset'), '/reset-password').toString());
    await page.getByLabel('New password', { exact: true }).fill('page-reset-4');
    await page.getByLabel('Confirm new password').fill('page-reset-4');
    await main(page).getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset. Taking you to sign in…').waitFor();
    await page.waitForURL(app(`/signin?email=${encodeURIComponent(email)}`));
    await main(page).getByLabel('Password', { exact: true }).fill('page-reset-4');
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome, ${NAME}!` }).waitFor();
    await page.close();
  });

  it('sets up an administrator-created account from the emailed link, then signs in', async () => {
    const page = await world.browser.newPage();
    const email = uniqueEmail('e2e-setup');
    await cognitoClient(world.env.stack).send(
      new AdminCreateUserCommand({
        UserPoolId: world.env.stack.cognito.userPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: NAME },
        ],
      }),
    );
    await page.goto(linkIn(await waitForMail(world.env.stack, email, 'Set up'), '/account-setup').toString());
    await page.getByRole('heading', { name: 'Set Up Your Account' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('chosen-password-5');
    await page.getByLabel('Confirm password').fill('chosen-password-5');
    await asRobot(async () => {
      await main(page).getByRole('button', { name: 'Set Password' }).click();
      await main(page).getByText(signUpErrors.robotCheckFailed).waitFor();
    });
    await main(page).getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password is set. Taking you to sign in…').waitFor();
    await page.waitForURL(app(`/signin?email=${encodeURIComponent(email)}`), { timeout: 8000 });
    await main(page).getByLabel('Password', { exact: true }).fill('chosen-password-5');
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome, ${NAME}!` }).waitFor();
    await page.close();
  });

  it('S26 signing up again with an address that has an account looks like a new sign-up; the holder is told by email', async () => {
    const page = await world.browser.newPage();
    const email = uniqueEmail('e2e-again');
    await verifiedSignUp(page, email, 'first-password-1');

    await signUp(page, email, 'other-password-6', 'Someone Else');
    const notice = await waitForMail(world.env.stack, email, SIGN_UP_ATTEMPT_SUBJECT);
    await page.goto(linkIn(notice, '/signin').toString());
    expect(await main(page).getByLabel('Email address').inputValue()).toBe(email);
    await main(page).getByLabel('Password', { exact: true }).fill('first-password-1');
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome, ${NAME}!` }).waitFor();
    await page.close();
  });
});
