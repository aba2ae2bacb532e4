/**
 * Closes Cognito's self sign-up to everyone but the users API: anyone holding the public client id
 * could call SignUp directly and skip the invitation code. The API stores a one-time grant for the
 * email after taking an invitation use and passes it as client metadata; this trigger consumes it.
 * Administrator-created users need no grant (creating them needs IAM rights).
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { consumeSignUpGrant } from '../domains/sellers/invite-store';

/** The client-metadata key the users API sends the grant in (functions/users/service.ts). */
export const SIGN_UP_GRANT_KEY = 'signUpGrant';
export const SIGN_UP_REFUSED = 'Sign-up requires an invitation code';

export async function checkSignUp<E extends PreSignUpTriggerEvent>(event: E): Promise<E> {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const grant = event.request.clientMetadata?.[SIGN_UP_GRANT_KEY];
  const email = event.request.userAttributes.email;
  const allowed =
    event.triggerSource === 'PreSignUp_SignUp' &&
    !!grant &&
    !!email &&
    (await consumeSignUpGrant(grant, email));
  // Cognito answers the SignUp call with UserLambdaValidationException carrying this message.
  if (!allowed) throw new Error(SIGN_UP_REFUSED);
  return event;
}
