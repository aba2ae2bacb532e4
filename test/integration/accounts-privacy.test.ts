/**
 * The public account calls through the local gateway, the Cognito stand-in, the captcha stub and the
 * mail outbox:
 *
 * - S24: each call refuses a missing human-check token (400) and a refused one (403 with the account
 *   document's robot-check text: made up, for another action, from another site, scored 0.3, used
 *   before), and then nothing is sent or changed; the same call with a good token does its work.
 * - S26: sign-up, sign-in, password reset, a new verification link, verification and account setup
 *   answer an address with an account exactly like one without (status and body compared whole), and
 *   nothing is mailed to an address without an account.
 */
import { AdminCreateUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ACTIONS } from '../../shared/constants';
import { serverErrors, signUpErrors, userServerErrors } from '../../shared/errors';
import { dynamo, tableName } from '../../functions/lib/dynamo';
import { SIGN_UP_ANSWER_FLOOR_MS } from '../../functions/users/answer-timing';
import { SIGN_UP_ATTEMPT_SUBJECT } from '../../functions/users/sign-up-attempt-mail';
import { LOCAL_SECRETS } from '../../local/config';
import { mintInvites } from '../../ops/invite';
import { captchaToken, startTestStack, type TestStack } from '../support/local-stack';
import {
  cognitoClient,
  createVerifiedSeller,
  idToken,
  linkIn,
  outbox,
  uniqueEmail,
  waitForMail,
} from '../support/accounts';

let env: TestStack;

beforeAll(async () => {
  env = await startTestStack();
});
afterAll(async () => {
  await env?.stop();
});

type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];
type Answer = { status: number; body: unknown };
type Body = Record<string, unknown>;

const PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

async function post(path: string, body: Body): Promise<Answer> {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const token = (action: CaptchaAction, hostname?: string) =>
  captchaToken(env.stack.urls.captcha, action, hostname);

/** A public account call with a fresh good token for its own action. */
const checked = async (path: string, action: CaptchaAction, body: Body) =>
  post(path, { ...body, captchaToken: await token(action) });

const calls = {
  signUp: (body: Body) => checked('/public/users', CAPTCHA_ACTIONS.signup, body),
  reset: (email: string) =>
    checked('/public/request-password-reset', CAPTCHA_ACTIONS.requestPasswordReset, { email }),
  confirmReset: (body: Body) =>
    checked('/public/confirm-password-reset', CAPTCHA_ACTIONS.confirmPasswordReset, body),
  resend: (email: string) =>
    checked('/public/resend-verification', CAPTCHA_ACTIONS.resendVerification, { email }),
  verify: (body: Body) => checked('/public/verify-email', CAPTCHA_ACTIONS.verifyEmail, body),
  setPassword: (body: Body) => checked('/public/set-password', CAPTCHA_ACTIONS.setPassword, body),
};

const mailsTo = async (email: string, subject = '') =>
  (await outbox(env.stack)).filter((m) => m.to.includes(email) && m.subject.includes(subject));

const userStatus = async (email: string) =>
  cognitoClient(env.stack)
    .send(new AdminGetUserCommand({ UserPoolId: env.stack.cognito.userPoolId, Username: email }))
    .then(
      (user) => user.UserStatus,
      () => 'absent',
    );

const signsInWith = (email: string, password: string) =>
  idToken(env.stack, email, password).then(
    () => true,
    () => false,
  );

const usesLeft = async (code: string) => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('invites'), Key: { code }, ConsistentRead: true }),
  );
  return Item?.usesLeft as number;
};

/** Signs up through the API: an unconfirmed account whose verification link is in the outbox. */
async function unconfirmedSeller(label: string) {
  const email = uniqueEmail(label);
  const [inviteCode] = await mintInvites(1, 1, 'accounts privacy');
  await calls.signUp({ email, name: 'Ada Lovelace', password: PASSWORD, inviteCode });
  const link = linkIn(await waitForMail(env.stack, email, 'Verify'), '/verify');
  return { email, code: link.searchParams.get('code')! };
}

const verifiedSeller = (label: string) =>
  createVerifiedSeller(env.stack, { label, name: 'Grace Hopper', password: PASSWORD });

/** An administrator-created seller with the account-setup link in the outbox. */
async function invitedSeller() {
  const email = uniqueEmail('invited');
  await cognitoClient(env.stack).send(
    new AdminCreateUserCommand({
      UserPoolId: env.stack.cognito.userPoolId,
      Username: email,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Invited Seller' },
      ],
    }),
  );
  const link = linkIn(await waitForMail(env.stack, email, 'Set up'), '/account-setup');
  return { email, code: link.searchParams.get('code')! };
}

/** Spends a token at siteverify as a first use would, so the next use is a replay. */
async function spentToken(action: CaptchaAction): Promise<string> {
  const used = await token(action);
  const form = new URLSearchParams({ secret: LOCAL_SECRETS.captchaSecret, response: used });
  const answer = await fetch(`${env.stack.urls.captcha}/recaptcha/api/siteverify`, {
    method: 'POST',
    body: form,
  });
  expect(((await answer.json()) as { success: boolean }).success).toBe(true);
  return used;
}

async function lowScoreToken(action: CaptchaAction): Promise<string> {
  await env.stack.captcha.setScore(0.3);
  try {
    return await token(action);
  } finally {
    await env.stack.captcha.setScore(0.9);
  }
}

/** Every kind of refused token for a call whose action is `action`. */
const refusedTokens = (action: CaptchaAction) => ({
  'a made-up token': async () => 'not-a-real-token',
  'a token for another action': () =>
    token(action === CAPTCHA_ACTIONS.signup ? CAPTCHA_ACTIONS.verifyEmail : CAPTCHA_ACTIONS.signup),
  'a token from another site': () => token(action, 'attacker.example'),
  'a token scored 0.3': () => lowScoreToken(action),
  'a token used before': () => spentToken(action),
});

interface GuardedCall {
  path: string;
  action: CaptchaAction;
  /** An account and the body of a call that changes something, and how to see whether it did. */
  prepare(): Promise<{ body: Body; changed(): Promise<boolean> }>;
  success: Answer;
}

const GUARDED: Record<string, GuardedCall> = {
  signUp: {
    path: '/public/users',
    action: CAPTCHA_ACTIONS.signup,
    prepare: async () => {
      const email = uniqueEmail('s24-signup');
      const [inviteCode] = await mintInvites(1, 1, 'S24');
      return {
        body: { email, name: 'Ada Lovelace', password: PASSWORD, inviteCode },
        changed: async () => (await userStatus(email)) !== 'absent' || (await usesLeft(inviteCode!)) !== 1,
      };
    },
    success: { status: 201, body: { message: userServerErrors.signUpDone } },
  },
  requestPasswordReset: {
    path: '/public/request-password-reset',
    action: CAPTCHA_ACTIONS.requestPasswordReset,
    prepare: async () => {
      const { email } = await verifiedSeller('s24-reset');
      return { body: { email }, changed: async () => (await mailsTo(email)).length > 0 };
    },
    success: { status: 200, body: { message: userServerErrors.resetRequested } },
  },
  confirmPasswordReset: {
    path: '/public/confirm-password-reset',
    action: CAPTCHA_ACTIONS.confirmPasswordReset,
    prepare: async () => {
      const { email } = await verifiedSeller('s24-confirm');
      await calls.reset(email);
      const code = linkIn(await waitForMail(env.stack, email, 'Reset'), '/reset-password').searchParams.get(
        'code',
      );
      return {
        body: { email, code, newPassword: NEW_PASSWORD },
        changed: async () => !(await signsInWith(email, PASSWORD)),
      };
    },
    success: { status: 200, body: { message: userServerErrors.passwordReset } },
  },
  resendVerification: {
    path: '/public/resend-verification',
    action: CAPTCHA_ACTIONS.resendVerification,
    prepare: async () => {
      const { email } = await unconfirmedSeller('s24-resend');
      return { body: { email }, changed: async () => (await mailsTo(email, 'Verify')).length !== 1 };
    },
    success: { status: 200, body: { message: userServerErrors.verificationResent } },
  },
  verifyEmail: {
    path: '/public/verify-email',
    action: CAPTCHA_ACTIONS.verifyEmail,
    prepare: async () => {
      const { email, code } = await unconfirmedSeller('s24-verify');
      return { body: { email, code }, changed: async () => (await userStatus(email)) !== 'UNCONFIRMED' };
    },
    success: { status: 200, body: { success: true } },
  },
  setPassword: {
    path: '/public/set-password',
    action: CAPTCHA_ACTIONS.setPassword,
    prepare: async () => {
      const { email, code } = await invitedSeller();
      return {
        body: { email, code, password: NEW_PASSWORD },
        changed: async () => (await userStatus(email)) !== 'FORCE_CHANGE_PASSWORD',
      };
    },
    success: { status: 200, body: { success: true } },
  },
};

describe('S24 the human check of the account calls', () => {
  for (const [name, call] of Object.entries(GUARDED)) {
    it(`S24 ${name}: a missing token is a 400 and a refused one a 403, changing nothing; a good one works`, async () => {
      const { body, changed } = await call.prepare();
      expect(await post(call.path, body)).toEqual({
        status: 400,
        body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
      });
      expect(await post(call.path, { ...body, captchaToken: '' })).toEqual({
        status: 400,
        body: { message: `captchaToken: ${serverErrors.captchaMissing}` },
      });
      for (const [kind, refused] of Object.entries(refusedTokens(call.action))) {
        const answer = await post(call.path, { ...body, captchaToken: await refused() });
        expect(answer, kind).toEqual({ status: 403, body: { message: signUpErrors.robotCheckFailed } });
      }
      expect(await changed()).toBe(false);

      expect(await checked(call.path, call.action, body)).toEqual(call.success);
      await expect.poll(changed, { timeout: 5000 }).toBe(true);
    });
  }
});

describe('S26 the same answers for addresses with and without an account', () => {
  it('S26 sign-up: an existing address is answered like a new one, and only its holder is told, by email', async () => {
    const existing = await verifiedSeller('s26-existing');
    const unconfirmed = await unconfirmedSeller('s26-unconfirmed');
    const fresh = uniqueEmail('s26-fresh');
    const invites = await mintInvites(3, 1, 'S26');
    const timed = async (email: string, inviteCode: string) => {
      const started = Date.now();
      const answer = await calls.signUp({ email, name: 'Someone Else', password: NEW_PASSWORD, inviteCode });
      return { answer, ms: Date.now() - started };
    };
    const forFresh = await timed(fresh, invites[0]!);
    const forExisting = await timed(existing.email, invites[1]!);
    const forUnconfirmed = await timed(unconfirmed.email, invites[2]!);

    expect(forFresh.answer).toEqual({ status: 201, body: { message: userServerErrors.signUpDone } });
    expect(forExisting.answer).toEqual(forFresh.answer);
    expect(forUnconfirmed.answer).toEqual(forFresh.answer);
    // The same timing class: each answer waits out the same floor, whatever work it did.
    for (const { ms } of [forFresh, forExisting, forUnconfirmed])
      expect(ms).toBeGreaterThanOrEqual(SIGN_UP_ANSWER_FLOOR_MS);
    // Every invitation is spent alike: a code's holder cannot test addresses by reusing it.
    for (const code of invites) expect(await usesLeft(code)).toBe(0);

    await waitForMail(env.stack, fresh, 'Verify');
    const notice = await waitForMail(env.stack, existing.email, SIGN_UP_ATTEMPT_SUBJECT);
    expect(linkIn(notice, '/signin').searchParams.get('email')).toBe(existing.email);
    expect(linkIn(notice, '/reset-password').search).toBe('');
    expect(notice.text).toContain('no new account was created and nothing about your account has changed');
    expect(notice.html).toContain('Hello Grace Hopper,');
    // Nothing of the attempt reached the accounts: same status, same password, no second verify mail.
    expect(await userStatus(existing.email)).toBe('CONFIRMED');
    expect(await signsInWith(existing.email, PASSWORD)).toBe(true);
    expect(await signsInWith(existing.email, NEW_PASSWORD)).toBe(false);
    expect(await userStatus(unconfirmed.email)).toBe('UNCONFIRMED');
    expect(await mailsTo(unconfirmed.email, 'Verify')).toHaveLength(1);
    expect(await mailsTo(unconfirmed.email, SIGN_UP_ATTEMPT_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(existing.email, 'Verify')).toHaveLength(0);
  });

  it('S26 sign-in: a wrong password and an unknown address fail alike', async () => {
    const { email } = await verifiedSeller('s26-signin');
    const failure = (address: string) =>
      idToken(env.stack, address, 'not-the-password').then(
        () => 'signed in',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const known = await failure(email);
    expect(known).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(await failure(uniqueEmail('s26-nobody'))).toBe(known);
  });

  it('S26 password reset: requested and confirmed alike; only the known address gets mail', async () => {
    const { email } = await verifiedSeller('s26-reset');
    const ghost = uniqueEmail('s26-ghost');
    const known = await calls.reset(email);
    expect(known).toEqual({ status: 200, body: { message: userServerErrors.resetRequested } });
    expect(await calls.reset(ghost)).toEqual(known);
    await waitForMail(env.stack, email, 'Reset');

    const wrongCode = (address: string) =>
      calls.confirmReset({ email: address, code: '000000', newPassword: NEW_PASSWORD });
    const knownWrong = await wrongCode(email);
    expect(knownWrong).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
    expect(await wrongCode(ghost)).toEqual(knownWrong);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 new verification link: alike for an unverified, a verified and an unknown address', async () => {
    const unverified = await unconfirmedSeller('s26-resend');
    const { email: verified } = await verifiedSeller('s26-resend-done');
    const ghost = uniqueEmail('s26-ghost');
    const answer = await calls.resend(unverified.email);
    expect(answer).toEqual({ status: 200, body: { message: userServerErrors.verificationResent } });
    expect(await calls.resend(verified)).toEqual(answer);
    expect(await calls.resend(ghost)).toEqual(answer);
    await expect.poll(async () => (await mailsTo(unverified.email, 'Verify')).length).toBe(2);
    expect(await mailsTo(verified)).toEqual([]);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 verification: a wrong code reads the same for an unverified, a verified and an unknown address', async () => {
    const unverified = await unconfirmedSeller('s26-verify');
    const { email: verified } = await verifiedSeller('s26-verify-done');
    const ghost = uniqueEmail('s26-ghost');
    const wrongCode = (email: string) => calls.verify({ email, code: '000000' });
    const answer = await wrongCode(unverified.email);
    expect(answer).toEqual({ status: 400, body: { message: userServerErrors.invalidCode } });
    expect(await wrongCode(verified)).toEqual(answer);
    expect(await wrongCode(ghost)).toEqual(answer);
    // A used link, visited again, says the same: it does not confirm that the address has an account.
    expect(await calls.verify({ email: unverified.email, code: unverified.code })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await calls.verify({ email: unverified.email, code: unverified.code })).toEqual(answer);
    expect(await mailsTo(ghost)).toEqual([]);
  });

  it('S26 account setup: a wrong code reads the same for an invited, a verified and an unknown address', async () => {
    const invited = await invitedSeller();
    const { email: verified } = await verifiedSeller('s26-setup-done');
    const wrongCode = (email: string) =>
      calls.setPassword({ email, code: 'Wrong-code-1', password: NEW_PASSWORD });
    const answer = await wrongCode(invited.email);
    expect(answer).toEqual({ status: 400, body: { message: userServerErrors.invalidSetupLink } });
    expect(await wrongCode(verified)).toEqual(answer);
    expect(await wrongCode(uniqueEmail('s26-ghost'))).toEqual(answer);
    // Even the right password of a verified seller is no setup code.
    expect(await calls.setPassword({ email: verified, code: PASSWORD, password: NEW_PASSWORD })).toEqual(
      answer,
    );
  });
});
