/**
 * Unit test of the calls that mail or check an emailed code, with Cognito and the captcha check mocked: the
 * answers AWS gives with PreventUserExistenceErrors ENABLED (or without it: UserNotFoundException)
 * and what only an existing account can meet are mapped to the same answer as an unknown address.
 */
import {
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  ForgotPasswordCommand,
  InternalErrorException,
  InvalidParameterException,
  LimitExceededException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  TooManyFailedAttemptsException,
  TooManyRequestsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ACTIONS } from '#shared/constants';
import { serverErrors, signUpErrors, userServerErrors, verifyErrors } from '#shared/errors';
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

const cognito = mockClient(CognitoIdentityProviderClient);
let service: typeof EmailCodes;
const meta = { $metadata: {} };
const EMAIL = 'seller@example.com';

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
  cognito.reset();
  vi.mocked(verifyCaptcha).mockReset();
});

/** Each error only an account (or its absence) can cause: all answered alike. */
const TELLING_ERRORS = [
  new UserNotFoundException({ message: 'User does not exist.', ...meta }),
  new InvalidParameterException({
    message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    ...meta,
  }),
  new NotAuthorizedException({ message: 'User cannot be confirmed. Current status is CONFIRMED', ...meta }),
  new LimitExceededException({ message: 'Attempt limit exceeded, please try after some time.', ...meta }),
  new TooManyFailedAttemptsException({ message: 'Too many failed attempts.', ...meta }),
];

describe('requestPasswordReset and resendVerification', () => {
  const cases = [
    {
      name: 'requestPasswordReset',
      command: ForgotPasswordCommand,
      action: CAPTCHA_ACTIONS.requestPasswordReset,
      call: () => service.requestPasswordReset({ email: EMAIL, captchaToken: 't' }),
      answer: { message: userServerErrors.resetRequested },
    },
    {
      name: 'resendVerification',
      command: ResendConfirmationCodeCommand,
      action: CAPTCHA_ACTIONS.resendVerification,
      call: () => service.resendVerification({ email: EMAIL, captchaToken: 't' }),
      answer: { message: userServerErrors.verificationResent },
    },
  ] as const;

  for (const { name, command, action, call, answer } of cases) {
    it(`${name}: a real and a simulated delivery and every telling error answer alike`, async () => {
      captchaPasses(action);
      const delivery = {
        CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 's***@e***' },
      } as const;
      cognito.on(command).resolves(delivery);
      expect(await call()).toEqual(answer);
      for (const error of TELLING_ERRORS) {
        cognito.on(command).rejects(error);
        expect(await call(), error.name).toEqual(answer);
      }
      expect(cognito.commandCalls(command)[0]?.args[0].input).toEqual({
        ClientId: 'client',
        Username: EMAIL,
      });
    });

    it(`${name}: the request rate limit is a 429 and a Cognito failure a 503`, async () => {
      captchaPasses(action);
      cognito.on(command).rejects(new TooManyRequestsException({ message: 'Rate exceeded', ...meta }));
      await expect(call()).rejects.toMatchObject({
        statusCode: 429,
        message: userServerErrors.tooManyAttempts,
      });
      cognito.on(command).rejects(new InternalErrorException({ message: 'boom', ...meta }));
      await expect(call()).rejects.toMatchObject({ statusCode: 503 });
    });

    it(`${name}: a refused human check is a 403 with the robot-check text, and Cognito is not called`, async () => {
      captchaPasses(CAPTCHA_ACTIONS.signup);
      await expect(call()).rejects.toMatchObject({ statusCode: 403, message: signUpErrors.robotCheckFailed });
      expect(vi.mocked(verifyCaptcha)).toHaveBeenCalledWith('t', action, undefined);
      expect(cognito.calls()).toHaveLength(0);
    });
  }
});

describe('confirmPasswordReset and verifyEmail', () => {
  const cases = [
    {
      name: 'confirmPasswordReset',
      command: ConfirmForgotPasswordCommand,
      action: CAPTCHA_ACTIONS.confirmPasswordReset,
      call: () =>
        service.confirmPasswordReset({
          email: EMAIL,
          code: '123456',
          newPassword: 'long-enough',
          captchaToken: 't',
        }),
      answer: { message: userServerErrors.passwordReset },
    },
    {
      name: 'verifyEmail',
      command: ConfirmSignUpCommand,
      action: CAPTCHA_ACTIONS.verifyEmail,
      call: () => service.verifyEmail({ email: EMAIL, code: '123456', captchaToken: 't' }),
      answer: { success: true },
    },
  ] as const;

  for (const { name, command, action, call, answer } of cases) {
    it(`${name}: a wrong, spent or expired code and every telling error are the same 400`, async () => {
      captchaPasses(action);
      // Each call sends one command: any command's answer is this one's (the union defeats .on's typing).
      cognito.onAnyCommand().resolves({});
      expect(await call()).toEqual(answer);
      expect(cognito.calls()[0]?.args[0]).toBeInstanceOf(command);
      const wrongCodes = [
        new CodeMismatchException({
          message: 'Invalid verification code provided, please try again.',
          ...meta,
        }),
        new ExpiredCodeException({ message: 'Invalid code provided, please request a code again.', ...meta }),
        ...TELLING_ERRORS,
      ];
      for (const error of wrongCodes) {
        cognito.onAnyCommand().rejects(error);
        await expect(call(), error.name).rejects.toMatchObject({
          statusCode: 400,
          message: userServerErrors.invalidCode,
        });
      }
    });

    it(`${name}: a refused human check is a 403 and the code is not tried`, async () => {
      captchaPasses(null);
      await expect(call()).rejects.toMatchObject({ statusCode: 403, message: signUpErrors.robotCheckFailed });
      expect(vi.mocked(verifyCaptcha)).toHaveBeenCalledWith('t', action, undefined);
      expect(cognito.calls()).toHaveLength(0);
    });
  }

  it('verifyEmail: a Cognito failure is a 503 with the spec text', async () => {
    captchaPasses(CAPTCHA_ACTIONS.verifyEmail);
    cognito.on(ConfirmSignUpCommand).rejects(new InternalErrorException({ message: 'boom', ...meta }));
    await expect(service.verifyEmail({ email: EMAIL, code: '1', captchaToken: 't' })).rejects.toMatchObject({
      statusCode: 503,
      message: verifyErrors.verifyFailed,
    });
  });
});
