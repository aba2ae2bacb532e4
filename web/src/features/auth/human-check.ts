/**
 * The human check before each public account call (sign-up, reset, verification, account setup). When
 * the check cannot run (script blocked, no token) the screen shows the account document's robot-check
 * text, the same text the API answers a refused token with.
 */
import { signUpErrors } from '#shared/texts/errors';
import type { CaptchaAction, ExecuteCaptcha } from '../../lib/captcha';
import { errorMessage } from '../../lib/error-message';

export class RobotCheckFailed extends Error {
  override readonly name = 'RobotCheckFailed';
  constructor(cause: unknown) {
    super(signUpErrors.robotCheckFailed, { cause });
  }
}

/** A token for `action`, or RobotCheckFailed. */
export async function humanCheckToken(
  executeCaptcha: ExecuteCaptcha,
  action: CaptchaAction,
): Promise<string> {
  try {
    return await executeCaptcha(action);
  } catch (error) {
    throw new RobotCheckFailed(error);
  }
}

/** What a failed account call shows: the robot-check text, the API's message, or `fallback` (no answer). */
export const accountCallError = (failure: unknown, fallback: string): string =>
  failure instanceof RobotCheckFailed ? failure.message : errorMessage(failure, fallback);
