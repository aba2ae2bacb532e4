/**
 * Seller sign-in as deployed, in headless Chromium against the local stack: the
 * SPA reads /runtime-config.json and Amplify talks to the Cognito stand-in exactly as it would to
 * Cognito. The tests watch the page's own Cognito calls (test/support/cognito-requests.ts) to prove
 * the protocol, not only the screens:
 *
 * - SRP sign-in (USER_SRP_AUTH, then PASSWORD_VERIFIER; the password never leaves the browser);
 * - Amplify refreshing expired tokens, and the API accepting the refreshed ID token;
 * - global sign-out revoking the refresh token the page held;
 * - an administrator-created seller choosing a new password on /signin;
 * - asking for a new verification link from /signup-confirmation and from /verify's error state.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userServerErrors } from '#shared/texts/errors';
import { putUser } from '../../functions/domains/sellers/seller-store';
import { INCORRECT_CREDENTIALS } from '@shutterlane/aws-standins/cognito/cognito-sign-in';
import { mintInvites } from '../../ops/invite';
import { authTexts } from '../../web/src/features/auth/texts';
import { sellerGalleryTexts } from '../../web/src/features/seller-galleries/texts';
import {
  cognitoClient,
  createVerifiedSeller,
  linkIn,
  outbox,
  uniqueEmail,
  waitForMail,
} from '@shutterlane/harness/accounts';
import {
  expiresAt,
  isCall,
  isRefresh,
  presentedRefreshToken,
  recordCognitoCalls,
  storedCognitoKeys,
  storedTokens,
  type CognitoCall,
} from '../support/cognito-requests';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();

const NAME = 'Ada Lovelace';
const PASSWORD = 'analytical-engine-1';
const app = (path: string) => `${world.env.stack.urls.app}${path}`;
const main = (page: Page) => page.getByRole('main');
const clientId = () => world.env.stack.cognito.clientId;
const welcome = (page: Page) => page.getByRole('heading', { name: `Welcome, ${NAME}!` });

/** Types the credentials on /signin and submits; the caller waits for what should follow. */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto(app(`/signin?email=${encodeURIComponent(email)}`));
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  await welcome(page).waitFor();
}

/** The dashboard's 'Sign Out' (it goes through the countdown page). */
async function signOut(page: Page) {
  await main(page).getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
}

/** The SPA's calls to its API (`/api/...` on the app's origin), with the bearer token each carried. */
interface ApiCall {
  path: string;
  bearer: string | undefined;
  status(): Promise<number | undefined>;
}

function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  const apiPrefix = app('/api/');
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(apiPrefix)) return;
    calls.push({
      path: new URL(request.url()).pathname,
      bearer: request.headers().authorization?.replace(/^Bearer /, ''),
      status: async () => (await request.response())?.status(),
    });
  });
  return calls;
}

/** Where the page's settings send Amplify: the Cognito endpoint as /runtime-config.json names it. */
async function userPoolEndpoint(): Promise<string> {
  const config = (await (await fetch(app('/runtime-config.json'))).json()) as { userPoolEndpoint: string };
  return config.userPoolEndpoint;
}

/** The error the SDK call failed with (its name), or 'succeeded'. */
async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'succeeded';
  } catch (error) {
    return error instanceof Error ? error.name : String(error);
  }
}

/** Both ways a refresh token can be presented to Cognito, through the AWS SDK (not the page). */
function refreshThroughSdk(refreshToken: string) {
  const client = cognitoClient(world.env.stack);
  return {
    getTokens: () =>
      outcomeOf(
        client.send(
          new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: refreshToken }),
        ),
      ),
    initiateAuth: () =>
      outcomeOf(
        client.send(
          new InitiateAuthCommand({
            ClientId: clientId(),
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          }),
        ),
      ),
  };
}

describe('SRP sign-in, refresh and global sign-out', () => {
  it('signs in with USER_SRP_AUTH and PASSWORD_VERIFIER at the configured endpoint; the password never leaves the page', async () => {
    const { email } = await createVerifiedSeller(world.env.stack, {
      label: 'e2e-srp',
      name: NAME,
      password: PASSWORD,
    });
    const page = await world.browser.newPage();
    const cognitoCalls = recordCognitoCalls(page);
    const sentBodies: string[] = [];
    page.on('request', (request) => sentBodies.push(request.postData() ?? ''));

    await signIn(page, email, PASSWORD);

    expect(cognitoCalls.map((call) => call.operation)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    const [initiate, respond] = cognitoCalls as [CognitoCall, CognitoCall];
    const endpoint = await userPoolEndpoint();
    for (const call of cognitoCalls) expect(new URL(call.url).origin).toBe(new URL(endpoint).origin);

    expect(initiate.body).toMatchObject({ ClientId: clientId(), AuthFlow: 'USER_SRP_AUTH' });
    const parameters = initiate.body.AuthParameters as Record<string, string>;
    expect(parameters.USERNAME).toBe(email);
    expect(parameters.SRP_A).toMatch(/^[0-9a-f]{256,}$/);
    expect(parameters).not.toHaveProperty('PASSWORD');
    const challenge = await initiate.answer();
    expect(challenge.status).toBe(200);
    expect(challenge.body.ChallengeName).toBe('PASSWORD_VERIFIER');

    expect(respond.body).toMatchObject({ ClientId: clientId(), ChallengeName: 'PASSWORD_VERIFIER' });
    expect(Object.keys(respond.body.ChallengeResponses as object).sort()).toEqual([
      'PASSWORD_CLAIM_SECRET_BLOCK',
      'PASSWORD_CLAIM_SIGNATURE',
      'TIMESTAMP',
      'USERNAME',
    ]);
    const verified = await respond.answer();
    expect(verified.status).toBe(200);
    const result = verified.body.AuthenticationResult as Record<string, string>;
    // The tokens the claim earned are the ones the page keeps.
    expect((await storedTokens(page, clientId()))?.idToken).toBe(result.IdToken);

    // No plain-password flow, and no request of the page (to Cognito or anywhere) carried the password.
    expect(cognitoCalls.filter(isCall('InitiateAuth', 'USER_PASSWORD_AUTH'))).toEqual([]);
    expect(sentBodies.filter((body) => body.includes(PASSWORD))).toEqual([]);

    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    expect(await main(page).getByText(email).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('refreshes expired tokens through the stand-in, and the next seller page loads with the new ID token', async () => {
    const { email } = await createVerifiedSeller(world.env.stack, {
      label: 'e2e-refresh',
      name: NAME,
      password: PASSWORD,
    });
    const page = await world.browser.newPage();
    // Why the page's clock, and not edited tokens: Amplify decides to refresh when `exp` (with the
    // clock drift it measured at sign-in) is past by the page's Date.now(). Moving the page's clock
    // past the tokens' real expiry is exactly what an hour-old tab sees, with the tokens Cognito
    // issued left untouched (tokens with a rewritten `exp` would carry broken signatures, and the
    // pool's 60-minute validity comes from the template, too long to wait for). The stand-in and
    // the gateway keep real time, so the old ID token would still be accepted: what proves the
    // refresh is that the API calls after it carried the ID token the refresh call returned.
    await page.clock.install();
    const cognitoCalls = recordCognitoCalls(page);
    const apiCalls = recordApiCalls(page);
    await signIn(page, email, PASSWORD);
    const before = (await storedTokens(page, clientId()))!;
    expect(cognitoCalls.filter(isRefresh)).toEqual([]);
    // The dashboard loaded the seller with the token of the sign-in.
    expect(apiCalls.find((call) => call.path === '/api/users')?.bearer).toBe(before.idToken);

    const expired = Math.max(expiresAt(before.idToken), expiresAt(before.accessToken)) + 60_000;
    await page.clock.fastForward(expired - (await page.evaluate(() => Date.now())));
    const callsBefore = apiCalls.length;

    await main(page).getByRole('link', { name: 'Galleries' }).click();
    await page.getByRole('heading', { name: 'Galleries', exact: true }).waitFor();
    await page.getByText(sellerGalleryTexts.noGalleries).waitFor();

    const refreshes = cognitoCalls.filter(isRefresh);
    expect(refreshes.length).toBeGreaterThan(0);
    const refreshedIdTokens: string[] = [];
    for (const refresh of refreshes) {
      expect(presentedRefreshToken(refresh)).toBe(before.refreshToken);
      const answer = await refresh.answer();
      expect(answer.status).toBe(200);
      refreshedIdTokens.push((answer.body.AuthenticationResult as { IdToken: string }).IdToken);
    }
    const after = apiCalls.slice(callsBefore).filter((call) => call.bearer !== undefined);
    expect(after.map((call) => call.path)).toContain('/api/galleries');
    for (const call of after) {
      expect(call.bearer).not.toBe(before.idToken);
      expect(refreshedIdTokens).toContain(call.bearer);
      expect(await call.status()).toBe(200);
    }
    expect(expiresAt(after[0]!.bearer!)).toBeGreaterThan(expiresAt(before.idToken));
    expect((await storedTokens(page, clientId()))?.idToken).toBe(after.at(-1)!.bearer);
    await page.close();
  });

  it("signs out globally: GlobalSignOut with the page's access token, then its refresh token is refused", async () => {
    const { email } = await createVerifiedSeller(world.env.stack, {
      label: 'e2e-signout',
      name: NAME,
      password: PASSWORD,
    });
    const page = await world.browser.newPage();
    const cognitoCalls = recordCognitoCalls(page);
    await signIn(page, email, PASSWORD);
    const held = (await storedTokens(page, clientId()))!;
    // The token is good before sign-out, so the refusal afterwards is the sign-out's doing.
    expect(await refreshThroughSdk(held.refreshToken).getTokens()).toBe('succeeded');

    await signOut(page);

    const signOuts = cognitoCalls.filter(isCall('GlobalSignOut'));
    expect(signOuts).toHaveLength(1);
    expect(signOuts[0]!.body).toEqual({ AccessToken: held.accessToken });
    expect((await signOuts[0]!.answer()).status).toBe(200);
    expect(await storedTokens(page, clientId())).toBeNull();
    expect(await storedCognitoKeys(page)).toEqual([]);

    const refresh = refreshThroughSdk(held.refreshToken);
    expect(await refresh.getTokens()).toBe('NotAuthorizedException');
    expect(await refresh.initiateAuth()).toBe('NotAuthorizedException');
    // The access token of that sign-in is revoked with it.
    const client = cognitoClient(world.env.stack);
    expect(await outcomeOf(client.send(new GetUserCommand({ AccessToken: held.accessToken })))).toBe(
      'NotAuthorizedException',
    );
    // And the seller pages want a sign-in again.
    await page.goto(app('/dashboard'));
    await page.waitForURL(/\/signin$/);
    await page.close();
  });
});

describe('an administrator-created seller', () => {
  const TEMPORARY = 'temporary-pass-1';
  const CHOSEN = 'chosen-password-2';

  /** AdminCreateUser with a temporary password and no invitation mail, plus the users record. */
  async function createSellerWithTemporaryPassword(): Promise<string> {
    const email = uniqueEmail('e2e-admin-created');
    const client = cognitoClient(world.env.stack);
    const pool = { UserPoolId: world.env.stack.cognito.userPoolId, Username: email };
    await client.send(
      new AdminCreateUserCommand({
        ...pool,
        TemporaryPassword: TEMPORARY,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: NAME },
        ],
      }),
    );
    const user = await client.send(new AdminGetUserCommand(pool));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const userId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (!userId) throw new Error(`No sub for ${email}`);
    await putUser({ userId, email, name: NAME, createdAt: new Date().toISOString() });
    return email;
  }

  it('chooses a new password on /signin, reaches the dashboard, and signs in with it later', async () => {
    const email = await createSellerWithTemporaryPassword();
    const page = await world.browser.newPage();
    const cognitoCalls = recordCognitoCalls(page);

    await submitSignIn(page, email, TEMPORARY);
    const step = main(page).getByRole('form', { name: 'Choose a New Password' });
    await step.waitFor();
    await step.getByText(authTexts.newPasswordIntro).waitFor();
    expect(await step.getByLabel('Email address').inputValue()).toBe(email);
    // SRP proved the temporary password; Cognito answered with the new-password challenge.
    const verifier = cognitoCalls.find(isCall('RespondToAuthChallenge'))!;
    expect(verifier.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect((await verifier.answer()).body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    await step.getByLabel('New password', { exact: true }).fill(CHOSEN);
    await step.getByLabel('Confirm new password').fill(CHOSEN);
    await step.getByRole('button', { name: 'Save Password and Continue' }).click();
    await welcome(page).waitFor();
    const answered = cognitoCalls.filter(isCall('RespondToAuthChallenge')).at(-1)!;
    expect(answered.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect((answered.body.ChallengeResponses as Record<string, string>).NEW_PASSWORD).toBe(CHOSEN);

    await signOut(page);
    // The temporary password is spent; the chosen one signs in.
    await submitSignIn(page, email, TEMPORARY);
    expect(await main(page).getByRole('alert').textContent()).toBe(INCORRECT_CREDENTIALS);
    await signIn(page, email, CHOSEN);
    await page.close();
  });
});

describe('a new verification link', () => {
  const resendButton = (page: Page) =>
    main(page).getByRole('button', { name: 'Send a New Verification Link' });

  async function signUp(page: Page): Promise<string> {
    const email = uniqueEmail('e2e-resend');
    const [inviteCode] = await mintInvites(1, 1, 'e2e resend');
    await page.goto(app('/signup'));
    await page.getByLabel('Full name').fill(NAME);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Invitation code').fill(inviteCode!);
    await main(page).getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    return email;
  }

  /** The 'Verify' mails to `email`, newest first, once there are `count` of them (up to 5 s). */
  async function verifyMails(email: string, count: number) {
    await waitForMail(world.env.stack, email, 'Verify');
    const mine = async () =>
      (await outbox(world.env.stack)).filter((m) => m.to.includes(email) && m.subject.includes('Verify'));
    await expect.poll(async () => (await mine()).length, { timeout: 5000 }).toBe(count);
    return mine();
  }

  /** Asks for a new link and checks the page's confirmation, word for word. */
  async function askForNewLink(page: Page, email: string) {
    await resendButton(page).click();
    const confirmation = main(page).getByRole('status');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toBe(authTexts.resendSent(email));
    expect(await resendButton(page).count()).toBe(0);
  }

  async function verifyWith(page: Page, link: URL) {
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
  }

  it('from /signup-confirmation: a second Verify mail arrives and its link verifies the account', async () => {
    const page = await world.browser.newPage();
    const email = await signUp(page);
    const [first] = await verifyMails(email, 1);

    await askForNewLink(page, email);
    const [second] = await verifyMails(email, 2);
    const newLink = linkIn(second!, '/verify');
    expect(newLink.searchParams.get('email')).toBe(email);
    expect(newLink.searchParams.get('code')).not.toBe(linkIn(first!, '/verify').searchParams.get('code'));

    await verifyWith(page, newLink);
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await signIn(page, email, PASSWORD);
    await page.close();
  });

  it("from /verify's error state after a wrong code: 'Verification Failed', and the form sends a link that works", async () => {
    const page = await world.browser.newPage();
    const email = await signUp(page);
    await verifyMails(email, 1);

    await page.goto(app(`/verify?code=000000&email=${encodeURIComponent(email)}`));
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    expect(await main(page).getByRole('alert').textContent()).toBe(userServerErrors.invalidCode);
    await main(page).getByText(authTexts.resendPrompt).waitFor();

    await askForNewLink(page, email);
    const [newest] = await verifyMails(email, 2);
    await verifyWith(page, linkIn(newest!, '/verify'));
    await page.close();
  });
});
