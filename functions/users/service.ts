/**
 * Seller accounts: sign-up with an invitation code, the profile, email verification, password reset
 * and account setup, on Cognito and the users table. Where telling a known email from an unknown one
 * would let someone list accounts (reset, resend), both get the same answer.
 */
import { randomBytes } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CAPTCHA_ACTIONS } from '../../shared/constants';
import { signUpErrors, userServerErrors, verifyErrors } from '../../shared/errors';
import type { RouteBody, RouteResponse } from '../../shared/routes';
import { SIGN_UP_GRANT_KEY } from '../auth-triggers/pre-sign-up';
import { verifyCaptcha } from '../lib/captcha';
import { cognito, poolIds } from '../lib/cognito';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { putSignUpGrant, returnInvite, useInvite } from '../lib/repositories/invites';
import { createUserIfAbsent, getUser, updateProfile as saveProfile } from '../lib/repositories/users';
import { cognitoErrorName, fromCognitoError } from './cognito-errors';
import { toUserView } from './user-view';

async function cognitoSignUp(body: RouteBody<'signUp'>, grant: string): Promise<string> {
  const { ClientId } = poolIds();
  const output = await cognito().send(
    new SignUpCommand({
      ClientId,
      Username: body.email,
      Password: body.password,
      UserAttributes: [
        { Name: 'email', Value: body.email },
        { Name: 'name', Value: body.name },
      ],
      ClientMetadata: { [SIGN_UP_GRANT_KEY]: grant },
    }),
  );
  if (!output.UserSub) throw new Error('Cognito SignUp answered without a user sub');
  return output.UserSub;
}

export async function signUp(body: RouteBody<'signUp'>, sourceIp?: string): Promise<RouteResponse<'signUp'>> {
  await verifyCaptcha(body.captchaToken, CAPTCHA_ACTIONS.signup, sourceIp);
  const inviteCode = body.inviteCode.trim().toUpperCase();
  if (!(await useInvite(inviteCode))) throw conflict(userServerErrors.inviteRefused);
  const grant = randomBytes(24).toString('base64url');
  let userId: string;
  try {
    await putSignUpGrant(grant, body.email);
    userId = await cognitoSignUp(body, grant);
  } catch (error) {
    // Nobody was created: the invitation keeps its use.
    await returnInvite(inviteCode).catch((e: unknown) =>
      logger.error('Returning an invite use failed', { e }),
    );
    throw fromCognitoError(error, signUpErrors.createUserFailed);
  }
  await createUserIfAbsent({
    userId,
    email: body.email.toLowerCase(),
    name: body.name,
    createdAt: new Date().toISOString(),
    ...(body.website?.trim() && { website: body.website.trim() }),
  });
  return { message: userServerErrors.signUpDone, userId };
}

export async function currentUser(userId: string): Promise<RouteResponse<'currentUser'>> {
  const record = await getUser(userId);
  if (!record) throw notFound(userServerErrors.userNotFound);
  return toUserView(record);
}

export async function updateProfile(
  userId: string,
  body: RouteBody<'updateProfile'>,
): Promise<RouteResponse<'updateProfile'>> {
  const record = await saveProfile(userId, body);
  if (!record) throw notFound(userServerErrors.userNotFound);
  return toUserView(record);
}

/** Errors that only say whether the address has an account: answered like success. */
const HIDES_ACCOUNT = new Set([
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
]);

export async function requestPasswordReset(email: string): Promise<RouteResponse<'requestPasswordReset'>> {
  try {
    await cognito().send(new ForgotPasswordCommand({ ClientId: poolIds().ClientId, Username: email }));
  } catch (error) {
    if (!HIDES_ACCOUNT.has(cognitoErrorName(error)))
      throw fromCognitoError(error, userServerErrors.tooManyAttempts);
  }
  return { message: userServerErrors.resetRequested };
}

export async function confirmPasswordReset(
  body: RouteBody<'confirmPasswordReset'>,
): Promise<RouteResponse<'confirmPasswordReset'>> {
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: poolIds().ClientId,
        Username: body.email,
        ConfirmationCode: body.code,
        Password: body.newPassword,
      }),
    );
  } catch (error) {
    // An unknown address reads like a wrong code.
    if (HIDES_ACCOUNT.has(cognitoErrorName(error))) throw badRequest(userServerErrors.invalidCode);
    throw fromCognitoError(error, userServerErrors.tooManyAttempts);
  }
  return { message: userServerErrors.passwordReset };
}

export async function verifyEmail(body: RouteBody<'verifyEmail'>): Promise<RouteResponse<'verifyEmail'>> {
  try {
    await cognito().send(
      new ConfirmSignUpCommand({
        ClientId: poolIds().ClientId,
        Username: body.email,
        ConfirmationCode: body.code,
      }),
    );
  } catch (error) {
    const name = cognitoErrorName(error);
    if (name === 'NotAuthorizedException') throw badRequest(userServerErrors.alreadyVerified);
    if (name === 'UserNotFoundException') throw badRequest(userServerErrors.invalidCode);
    throw fromCognitoError(error, verifyErrors.verifyFailed);
  }
  return { success: true };
}

export async function resendVerification(email: string): Promise<RouteResponse<'resendVerification'>> {
  try {
    await cognito().send(
      new ResendConfirmationCodeCommand({ ClientId: poolIds().ClientId, Username: email }),
    );
  } catch (error) {
    if (!HIDES_ACCOUNT.has(cognitoErrorName(error))) throw fromCognitoError(error, verifyErrors.resendFailed);
  }
  return { message: userServerErrors.verificationResent };
}

/**
 * The emailed setup code of an administrator-created user is Cognito's temporary password: it is
 * right exactly when signing in with it asks for a new password. Checked with the server-side sign-in
 * (IAM-authenticated): the app client offers browsers SRP only.
 */
async function setupCodeIsValid(email: string, code: string): Promise<boolean> {
  try {
    const output = await cognito().send(
      new AdminInitiateAuthCommand({
        ...poolIds(),
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: code },
      }),
    );
    return output.ChallengeName === 'NEW_PASSWORD_REQUIRED';
  } catch (error) {
    if (HIDES_ACCOUNT.has(cognitoErrorName(error)) || cognitoErrorName(error) === 'UserNotConfirmedException')
      return false;
    throw error;
  }
}

const attribute = (attributes: { Name?: string; Value?: string }[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value;

export async function setPassword(body: RouteBody<'setPassword'>): Promise<RouteResponse<'setPassword'>> {
  const { UserPoolId } = poolIds();
  try {
    if (!(await setupCodeIsValid(body.email, body.code))) throw badRequest(userServerErrors.invalidSetupLink);
    const user = { UserPoolId, Username: body.email };
    await cognito().send(
      new AdminSetUserPasswordCommand({ ...user, Password: body.password, Permanent: true }),
    );
    // The link reached this mailbox, which verifies the address.
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        ...user,
        UserAttributes: [
          // cognito-local insists on the email beside email_verified; AWS accepts both.
          { Name: 'email', Value: body.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const { UserAttributes } = await cognito().send(new AdminGetUserCommand(user));
    const sub = attribute(UserAttributes, 'sub');
    if (!sub) throw new Error('Cognito user without a sub');
    await createUserIfAbsent({
      userId: sub,
      email: body.email.toLowerCase(),
      name: attribute(UserAttributes, 'name') ?? body.email.split('@')[0] ?? body.email,
      createdAt: new Date().toISOString(),
    });
  } catch (error) {
    throw fromCognitoError(error, 'Failed to set password');
  }
  return { success: true };
}
