/**
 * Account setup of an administrator-created seller: the emailed link's code (Cognito's temporary
 * password) sets the seller's own password, once. Behind the human check (S24); a wrong code, an
 * unknown address and an account in any other state all get the same 'invalid link' answer (S26).
 */
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { setupErrors, userServerErrors } from '#shared/texts/errors';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { userPool } from '../lib/cognito';
import { badRequest } from '../lib/http-error';
import { createUserIfAbsent } from '../domains/sellers/seller-store';
import { getMember, markJoined } from '../domains/teams/member-store';
import { cognitoErrorName, fromCognitoError } from './cognito-errors';
import { checkHuman } from './human-check';

/** Sign-in refusals that mean "not a valid setup code for this address", whoever the address is. */
const NOT_A_SETUP_CODE = new Set([
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/**
 * The code is right exactly when signing in with it asks for a new password. Checked with the
 * server-side sign-in (IAM-authenticated): the app client offers browsers SRP only.
 */
async function setupCodeIsValid(email: string, code: string): Promise<boolean> {
  try {
    return (await userPool.adminSignInChallenge(email, code)) === 'NEW_PASSWORD_REQUIRED';
  } catch (error) {
    if (NOT_A_SETUP_CODE.has(cognitoErrorName(error))) return false;
    throw error;
  }
}

export async function setPassword(
  body: RouteBody<'setPassword'>,
  sourceIp?: string,
): Promise<RouteResponse<'setPassword'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.setPassword, sourceIp);
  try {
    if (!(await setupCodeIsValid(body.email, body.code))) throw badRequest(userServerErrors.invalidSetupLink);
    await userPool.adminSetPassword(body.email, body.password);
    // The link reached this mailbox, which verifies the address.
    await userPool.adminVerifyEmail(body.email);
    const attributes = await userPool.adminGetUserAttributes(body.email);
    const sub = attributes.sub;
    if (!sub) throw new Error('Cognito user without a sub');
    // A team member works for the business that invited them: they have joined, and own no account.
    if (await getMember(sub)) {
      await markJoined(sub);
      return { success: true };
    }
    await createUserIfAbsent({
      userId: sub,
      email: body.email.toLowerCase(),
      name: attributes.name ?? body.email.split('@')[0] ?? body.email,
      createdAt: new Date().toISOString(),
    });
  } catch (error) {
    throw fromCognitoError(error, setupErrors.failed);
  }
  return { success: true };
}
