/**
 * Sign-up with an address that already has an account: nothing is created, and the caller is answered
 * exactly like a new sign-up; the account holder, and only they, hear of it by email.
 */
import { userPool, type UserPool } from '../lib/cognito';
import { appEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { sendEmail, type SendEmail } from '../lib/mail';
import { signUpAttemptEmail } from './sign-up-attempt-mail';

/** The outside services it uses: the real ones by default, plain fakes in unit tests. */
export interface SignUpAttemptServices {
  pool: Pick<UserPool, 'adminGetUserAttributes'>;
  send: SendEmail;
}

/**
 * Emails the holder of `email`'s account that someone tried to sign up with it. Never throws: a failure
 * here must not change the caller's answer (a 503 only for known addresses would tell them apart).
 */
export async function tellHolderOfSignUpAttempt(
  email: string,
  { pool, send }: SignUpAttemptServices = { pool: userPool, send: sendEmail },
): Promise<void> {
  try {
    const attributes = await pool.adminGetUserAttributes(email);
    const { APP_URL, SUPPORT_EMAIL } = appEnv();
    const { name } = attributes;
    await send(
      signUpAttemptEmail({
        // The address the account holds, which may differ from the typed one in letter case.
        email: attributes.email ?? email,
        ...(name && { name }),
        appUrl: APP_URL,
        supportEmail: SUPPORT_EMAIL,
      }),
    );
  } catch (error) {
    logger.error('The sign-up attempt email could not be sent', { error });
  }
}
