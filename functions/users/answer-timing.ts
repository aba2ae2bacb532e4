/**
 * Answers that must not tell by their timing whether an address has an account. Sign-up of a new
 * address runs Cognito's triggers and sends a verification email, while an existing address gets our
 * own email instead; a reset or a new verification link sends an email only for a known address. Each
 * of these answers is held back until a fixed floor has passed, so both outcomes take the same time as
 * long as the work fits under the floor (it does by far; a slower outlier still says nothing reliable).
 */

/** Sign-up: Cognito SignUp with two triggers and an email, or our email; plus the profile write. */
export const SIGN_UP_ANSWER_FLOOR_MS = 1500;
/** Password reset request and new verification link: one Cognito call, with or without an email. */
export const CODE_MAIL_ANSWER_FLOOR_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` and settles (with its result or its error) no sooner than `floorMs` after it began. */
export async function settleNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}
