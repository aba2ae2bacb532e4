/**
 * The hosted sign-in in headless Chromium: a signed-out visitor of a seller page is
 * sent to /signin, continues on the Cognito stand-in's HTTPS sign-in page (authorization code with
 * PKCE, started by Amplify from /runtime-config.json's hostedUiDomain), and comes back through
 * /auth-callback to the page they wanted, signed in. The browser trusts only the certificate the
 * stand-in made at start (test/support/e2e.ts).
 */
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INCORRECT_CREDENTIALS } from '@shutterlane/aws-standins/cognito/cognito-sign-in';
import { authTexts } from '../../web/src/features/auth/texts';
import { sellerGalleryTexts } from '../../web/src/features/seller-galleries/texts';
import { createVerifiedSeller } from '@shutterlane/harness/accounts';
import { storedTokens } from '../support/cognito-requests';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();

const NAME = 'Katherine Johnson';
const PASSWORD = 'orbital-mechanics-1';
const app = (path: string) => `${world.env.stack.urls.app}${path}`;
const hosted = (path: string) => `${world.env.stack.urls.cognitoOAuth}${path}`;

/** The page's requests to one of the hosted sign-in's endpoints, in order. */
function recordRequestsTo(page: Page, url: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().split('?')[0] === url) requests.push(request);
  });
  return requests;
}

/** PKCE's S256: the challenge is the base64url SHA-256 of the verifier (RFC 7636, section 4.2). */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Holds the page's code exchange (POST /oauth2/token) until `release()`, so the test can see the
 * callback page's 'Completing Sign In' state that otherwise lasts only a round trip.
 */
async function holdTokenExchange(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.href === hosted('/oauth2/token'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** The stand-in's sign-in form: fills it in and submits. */
async function submitHostedSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('hosted sign-in', () => {
  it('takes a visitor of /galleries through the hosted page (after a wrong password) and back to /galleries, signed in', async () => {
    const { email } = await createVerifiedSeller(world.env.stack, {
      label: 'e2e-hosted',
      name: NAME,
      password: PASSWORD,
    });
    const page = await world.browser.newPage();
    const authorizeRequests = recordRequestsTo(page, hosted('/oauth2/authorize'));
    const tokenRequests = recordRequestsTo(page, hosted('/oauth2/token'));

    // The guard sends the signed-out visitor to /signin, which offers the hosted page below the form.
    await page.goto(app('/galleries'));
    await page.waitForURL(app('/signin'));
    const otherWays = page.getByRole('region', { name: 'Other ways to sign in' });
    await otherWays.getByText(authTexts.hostedSignInHint).waitFor();
    await otherWays.getByRole('button', { name: 'Continue with the Sign-In Page' }).click();

    // Amplify's authorization request: code flow with an S256 challenge, back to /auth-callback.
    await page.waitForURL((url) => url.origin === new URL(hosted('/')).origin && url.pathname === '/login');
    expect(authorizeRequests).toHaveLength(1);
    const authorize = new URL(authorizeRequests[0]!.url()).searchParams;
    expect(authorize.get('response_type')).toBe('code');
    expect(authorize.get('client_id')).toBe(world.env.stack.cognito.clientId);
    expect(authorize.get('redirect_uri')).toBe(app('/auth-callback'));
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('scope')?.split(' ')).toContain('openid');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // A wrong password: the page says so and stays on the hosted sign-in, keeping the email.
    await submitHostedSignIn(page, email, 'not-the-password');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(INCORRECT_CREDENTIALS);
    expect(page.url().startsWith(hosted('/login?'))).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(tokenRequests).toHaveLength(0);

    const release = await holdTokenExchange(page);
    await submitHostedSignIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.href.startsWith(app('/auth-callback?')));
    const callback = new URL(page.url()).searchParams;
    expect(callback.get('state')).toBe(authorize.get('state'));
    await page.getByRole('heading', { name: 'Completing Sign In' }).waitFor();
    release();

    await page.waitForURL(app('/galleries'));
    await page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();
    // Signed in: the seller's (empty) galleries loaded with the token, and the navigation says so.
    await page.getByText(sellerGalleryTexts.noGalleries).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor();

    // The code went back with the verifier whose S256 is the challenge sent at the start.
    expect(tokenRequests).toHaveLength(1);
    const exchange = new URLSearchParams(tokenRequests[0]!.postData() ?? '');
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('code')).toBe(callback.get('code'));
    expect(exchange.get('redirect_uri')).toBe(app('/auth-callback'));
    expect(s256(exchange.get('code_verifier') ?? '')).toBe(authorize.get('code_challenge'));
    expect((await tokenRequests[0]!.response())?.status()).toBe(200);
    const tokens = await storedTokens(page, world.env.stack.cognito.clientId);
    expect(decodeJwt(tokens?.idToken ?? '').email).toBe(email);
    await page.close();
  });
});
