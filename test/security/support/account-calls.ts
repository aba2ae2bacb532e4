/**
 * The public account calls of S24 and S26 (moved here from test/integration/accounts-privacy.test.ts):
 * calls with and without good human-check tokens, every kind of refused token, sellers in each state
 * (unconfirmed, verified, invited by an administrator), and what each guarded call changes.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { userServerErrors } from '#shared/texts/errors';
import { dynamo, tableName } from '../../../functions/lib/dynamo';
import { mintInvites } from '../../../ops/invite';
import { captchaToken, redeemCaptchaToken, type TestStack } from '@shutterlane/harness/local-stack';
import {
  adminCreatedSeller,
  cognitoClient,
  createVerifiedSeller,
  idToken,
  linkIn,
  outbox,
  uniqueEmail,
  waitForMail,
} from '@shutterlane/harness/accounts';

let env: TestStack;

/** The stack the helpers below call (set once per test file). */
export function useAccountStack(stack: TestStack): void {
  env = stack;
}

export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];
export type Answer = { status: number; body: unknown };
export type Body = Record<string, unknown>;

export const PASSWORD = 'first-password-1';
export const NEW_PASSWORD = 'second-password-2';

export async function post(path: string, body: Body): Promise<Answer> {
  const response = await fetch(`${env.demo.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export const token = (action: CaptchaAction, hostname?: string) =>
  captchaToken(env.stack.urls.captcha, action, hostname);

/** A public account call with a fresh good token for its own action. */
export const checked = async (path: string, action: CaptchaAction, body: Body) =>
  post(path, { ...body, captchaToken: await token(action) });

export const calls = {
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

export const mailsTo = async (email: string, subject = '') =>
  (await outbox(env.stack)).filter((m) => m.to.includes(email) && m.subject.includes(subject));

export const userStatus = async (email: string) =>
  cognitoClient(env.stack)
    .send(new AdminGetUserCommand({ UserPoolId: env.stack.cognito.userPoolId, Username: email }))
    .then(
      (user) => user.UserStatus,
      () => 'absent',
    );

export const signsInWith = (email: string, password: string) =>
  idToken(env.stack, email, password).then(
    () => true,
    () => false,
  );

export const usesLeft = async (code: string) => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('invites'), Key: { code }, ConsistentRead: true }),
  );
  return Item?.usesLeft as number;
};

/** Signs up through the API: an unconfirmed account whose verification link is in the outbox. */
export async function unconfirmedSeller(label: string) {
  const email = uniqueEmail(label);
  const [inviteCode] = await mintInvites(1, 1, 'accounts privacy');
  await calls.signUp({ email, name: 'Ada Lovelace', password: PASSWORD, inviteCode });
  const link = linkIn(await waitForMail(env.stack, email, 'Verify'), '/verify');
  return { email, code: link.searchParams.get('code')! };
}

export const verifiedSeller = (label: string) =>
  createVerifiedSeller(env.stack, { label, name: 'Grace Hopper', password: PASSWORD });

/** An administrator-created seller with the account-setup link in the outbox. */
export const invitedSeller = () => adminCreatedSeller(env.stack);

/** Spends a token at siteverify as a first use would, so the next use is a replay. */
export async function spentToken(action: CaptchaAction): Promise<string> {
  const used = await token(action);
  expect(await redeemCaptchaToken(env.stack.urls.captcha, used)).toBe(true);
  return used;
}

export async function lowScoreToken(action: CaptchaAction): Promise<string> {
  await env.stack.captcha.setScore(0.3);
  try {
    return await token(action);
  } finally {
    await env.stack.captcha.setScore(0.9);
  }
}

/** Every kind of refused token for a call whose action is `action`. */
export const refusedTokens = (action: CaptchaAction) => ({
  'a made-up token': async () => 'not-a-real-token',
  'a token for another action': () =>
    token(action === CAPTCHA_ACTIONS.signup ? CAPTCHA_ACTIONS.verifyEmail : CAPTCHA_ACTIONS.signup),
  'a token from another site': () => token(action, 'attacker.example'),
  'a token scored 0.3': () => lowScoreToken(action),
  'a token used before': () => spentToken(action),
});

export interface GuardedCall {
  path: string;
  action: CaptchaAction;
  /** An account and the body of a call that changes something, and how to see whether it did. */
  prepare(): Promise<{ body: Body; changed(): Promise<boolean> }>;
  success: Answer;
}

export const GUARDED: Record<string, GuardedCall> = {
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
