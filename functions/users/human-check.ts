/**
 * The human check of the public account calls. The account document has one robot-check text,
 * sign-up's, and the screens show the API's message as it is: so a refused token answers 403 with
 * that text on every account call, not the customer calls' 'captcha verification failed'.
 */
import type { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { signUpErrors } from '#shared/texts/errors';
import { verifyCaptcha } from '../lib/captcha';
import { HttpError, forbidden } from '../lib/http-error';

export type AccountCaptchaAction = (typeof CAPTCHA_ACTIONS)[keyof typeof CAPTCHA_ACTIONS];

/** Throws 403 (the spec's robot-check text) unless the token passes for `action`; 503 when siteverify is down. */
export async function checkHuman(
  token: string,
  action: AccountCaptchaAction,
  sourceIp?: string,
): Promise<void> {
  try {
    await verifyCaptcha(token, action, sourceIp);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403)
      throw forbidden(signUpErrors.robotCheckFailed);
    throw error;
  }
}
