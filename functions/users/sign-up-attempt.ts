/**
 * Sign-up with an address that already has an account: nothing is created, and the caller is answered
 * exactly like a new sign-up; the account holder, and only they, hear of it by email.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, poolIds } from '../lib/cognito';
import { appEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { sendEmail } from '../lib/mail';
import { attributeOf } from './cognito-user';
import { signUpAttemptEmail } from './sign-up-attempt-mail';

/**
 * Emails the holder of `email`'s account that someone tried to sign up with it. Never throws: a failure
 * here must not change the caller's answer (a 503 only for known addresses would tell them apart).
 */
export async function tellHolderOfSignUpAttempt(email: string): Promise<void> {
  try {
    const { UserPoolId } = poolIds();
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId, Username: email }));
    const { APP_URL, SUPPORT_EMAIL } = appEnv();
    const name = attributeOf(user.UserAttributes, 'name');
    await sendEmail(
      signUpAttemptEmail({
        // The address the account holds, which may differ from the typed one in letter case.
        email: attributeOf(user.UserAttributes, 'email') ?? email,
        ...(name && { name }),
        appUrl: APP_URL,
        supportEmail: SUPPORT_EMAIL,
      }),
    );
  } catch (error) {
    logger.error('The sign-up attempt email could not be sent', { error });
  }
}
