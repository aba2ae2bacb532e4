/**
 * Unit test of the calls that mail or check an emailed code, with a fake user pool and the captcha check mocked: the
 * answers AWS gives with PreventUserExistenceErrors ENABLED (or without it: UserNotFoundException)
 * and what only an existing account can meet are mapped to the same answer as an unknown address.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { serverErrors, signUpErrors, userServerErrors, verifyErrors } from '#shared/texts/errors';
import { verifyCaptcha } from '../lib/captcha';
import { forbidden } from '../lib/http-error';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import type * as AnswerTiming from './answer-timing';
import type * as EmailCodes from './email-codes';

// The token check itself (siteverify) is captcha.ts's; here it passes or refuses as each case needs.
vi.mock('../lib/captcha', () => ({ verifyCaptcha: vi.fn() }));

// The answer floor is answer-timing.test.ts's subject; here it would only slow every case down.
vi.mock('./answer-timing', async (original) => ({
  ...(await original<typeof AnswerTiming>()),
  CODE_MAIL_ANSWER_FLOOR_MS: 0,
}));

let service: typeof EmailCodes;
const EMAIL = 'seller@example.com';

/** An error as Cognito throws it: callers tell them apart by name only. */
const cognitoError = (name: string, message: string): Error => Object.assign(new Error(message), { name });

/**
 * A user pool whose every call answers `answer` (resolving, or throwing an Error), recording the
 * calls: each service call makes exactly one.
 */
function fakePool() {
  const calls: { method: string; args: unknown[] }[] = [];
  let answer: Error | undefined;
  const call =
    (method: string) =>
    async (...args: unknown[]): Promise<void> => {
      calls.push({ method, args });
      if (answer) throw answer;
    };
  return {
    calls,
    answers: (next: Error | undefined) => {
      answer = next;
    },
    forgotPassword: call('forgotPassword'),
    confirmForgotPassword: call('confirmForgotPassword'),
    confirmSignUp: call('confirmSignUp'),
    resendConfirmationCode: call('resendConfirmationCode'),
  };
}
let pool: ReturnType<typeof fakePool>;

/** The captcha check passes tokens for `action` only, as siteverify would; null: it refuses them all. */
function captchaPasses(action: string | null) {
  vi.mocked(verifyCaptcha).mockImplementation(async (_token, expected) => {
    if (expected !== action) throw forbidden(serverErrors.captchaFailed);
  });
}

beforeAll(async () => {
  setUnitTestEnv({
    COGNITO_USER_POOL_ID: 'eu-west-2_pool',
    COGNITO_CLIENT_ID: 'client',
  });
  service = await import('./email-codes');
});
beforeEach(() => {
  pool = fakePool();
  vi.mocked(verifyCaptcha).mockReset();
});

/** Each error only an account (or its absence) can cause: all answered alike. */
const TELLING_ERRORS = [
  cognitoError('UserNotFoundException', 'User does not exist.'),
  cognitoError(
    'InvalidParameterException',
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  ),
  cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
  cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  cognitoError('TooManyFailedAttemptsException', 'Too many failed attempts.'),
];

/** A refused human check: 403 with the robot-check text, asked for `action`, and Cognito never called. */
async function expectRefusedAsRobot(call: () => Promise<unknown>, action: string) {
  await expect(call()).rejects.toMatchObject({ statusCode: 403, message: signUpErrors.robotCheckFailed });
  expect(vi.mocked(verifyCaptcha)).toHaveBeenCalledWith('t', action, undefined);
  expect(pool.calls).toHaveLength(0);
}

describe('requestPasswordReset and resendVerification', () => {
  const cases = [
    {
      name: 'requestPasswordReset',
      method: 'forgotPassword',
      action: CAPTCHA_ACTIONS.requestPasswordReset,
      call: () => service.requestPasswordReset({ email: EMAIL, captchaToken: 't' }, undefined, pool),
      answer: { message: userServerErrors.resetRequested },
    },
    {
      name: 'resendVerification',
      method: 'resendConfirmationCode',
      action: CAPTCHA_ACTIONS.resendVerification,
      call: () => service.resendVerification({ email: EMAIL, captchaToken: 't' }, undefined, pool),
      answer: { message: userServerErrors.verificationResent },
    },
  ] as const;

  for (const { name, method, action, call, answer } of cases) {
    it(`${name}: a delivery (real or simulated) and every telling error answer alike`, async () => {
      captchaPasses(action);
      expect(await call()).toEqual(answer);
      for (const error of TELLING_ERRORS) {
        pool.answers(error);
        expect(await call(), error.name).toEqual(answer);
      }
      expect(pool.calls[0]).toEqual({ method, args: [EMAIL] });
    });

    it(`${name}: the request rate limit is a 429 and a Cognito failure a 503`, async () => {
      captchaPasses(action);
      pool.answers(cognitoError('TooManyRequestsException', 'Rate exceeded'));
      await expect(call()).rejects.toMatchObject({
        statusCode: 429,
        message: userServerErrors.tooManyAttempts,
      });
      pool.answers(cognitoError('InternalErrorException', 'boom'));
      await expect(call()).rejects.toMatchObject({ statusCode: 503 });
    });

    it(`${name}: a refused human check is a 403 with the robot-check text, and Cognito is not called`, async () => {
      captchaPasses(CAPTCHA_ACTIONS.signup);
      await expectRefusedAsRobot(call, action);
    });
  }
});

describe('confirmPasswordReset and verifyEmail', () => {
  const cases = [
    {
      name: 'confirmPasswordReset',
      method: 'confirmForgotPassword',
      args: [EMAIL, '123456', 'long-enough'],
      action: CAPTCHA_ACTIONS.confirmPasswordReset,
      call: () =>
        service.confirmPasswordReset(
          { email: EMAIL, code: '123456', newPassword: 'long-enough', captchaToken: 't' },
          undefined,
          pool,
        ),
      answer: { message: userServerErrors.passwordReset },
    },
    {
      name: 'verifyEmail',
      method: 'confirmSignUp',
      args: [EMAIL, '123456'],
      action: CAPTCHA_ACTIONS.verifyEmail,
      call: () => service.verifyEmail({ email: EMAIL, code: '123456', captchaToken: 't' }, undefined, pool),
      answer: { success: true },
    },
  ] as const;

  for (const { name, method, args, action, call, answer } of cases) {
    it(`${name}: a wrong, spent or expired code and every telling error are the same 400`, async () => {
      captchaPasses(action);
      expect(await call()).toEqual(answer);
      expect(pool.calls).toEqual([{ method, args }]);
      const wrongCodes = [
        cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
        cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
        ...TELLING_ERRORS,
      ];
      for (const error of wrongCodes) {
        pool.answers(error);
        await expect(call(), error.name).rejects.toMatchObject({
          statusCode: 400,
          message: userServerErrors.invalidCode,
        });
      }
    });

    it(`${name}: a refused human check is a 403 and the code is not tried`, async () => {
      captchaPasses(null);
      await expectRefusedAsRobot(call, action);
    });
  }

  it('verifyEmail: a Cognito failure is a 503 with the spec text', async () => {
    captchaPasses(CAPTCHA_ACTIONS.verifyEmail);
    pool.answers(cognitoError('InternalErrorException', 'boom'));
    await expect(
      service.verifyEmail({ email: EMAIL, code: '1', captchaToken: 't' }, undefined, pool),
    ).rejects.toMatchObject({
      statusCode: 503,
      message: verifyErrors.verifyFailed,
    });
  });
});
