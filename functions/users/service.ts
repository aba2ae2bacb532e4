/**
 * Seller accounts: sign-up with an invitation code and the profile, on Cognito and the users table.
 * Sign-up answers alike whether or not the address already has an account (S26): the answer, its status
 * and its timing say nothing about it, and only the account holder hears of the attempt, by email.
 * Verification and password reset: email-codes.ts; account setup: account-setup.ts.
 */
import { randomBytes } from 'node:crypto';
import { CAPTCHA_ACTIONS } from '#shared/rules/constants';
import { signUpErrors, userServerErrors } from '#shared/texts/errors';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { SIGN_UP_GRANT_KEY } from '../auth-triggers/pre-sign-up';
import { userPool } from '../lib/cognito';
import { conflict, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { putSignUpGrant, returnInvite, useInvite } from '../domains/sellers/invite-store';
import { createUserIfAbsent, getUser, updateProfile as saveProfile } from '../domains/sellers/seller-store';
import { SIGN_UP_ANSWER_FLOOR_MS, settleNoSoonerThan } from './answer-timing';
import { cognitoErrorName, fromCognitoError } from './cognito-errors';
import { checkHuman } from './human-check';
import { tellHolderOfSignUpAttempt } from './sign-up-attempt';
import { toUserView } from './user-view';
import { getMember } from '../domains/teams/member-store';
import type { TeamCaller } from '../domains/teams/team-caller';

/** Cognito's answers to a SignUp whose address already has an account (AWS gives these whatever the client's settings). */
const ACCOUNT_EXISTS = new Set(['UsernameExistsException', 'AliasExistsException']);

const cognitoSignUp = (body: RouteBody<'signUp'>, grant: string): Promise<string> =>
  userPool.signUp({
    email: body.email,
    password: body.password,
    name: body.name,
    clientMetadata: { [SIGN_UP_GRANT_KEY]: grant },
  });

/**
 * Creates the account, or (the address has one) tells its holder; either way the invitation's use is
 * spent: giving it back only for known addresses would let its holder test addresses by reusing it.
 */
async function createOrTellHolder(body: RouteBody<'signUp'>, inviteCode: string): Promise<void> {
  const grant = randomBytes(24).toString('base64url');
  let userId: string;
  try {
    await putSignUpGrant(grant, body.email);
    userId = await cognitoSignUp(body, grant);
  } catch (error) {
    if (ACCOUNT_EXISTS.has(cognitoErrorName(error))) return tellHolderOfSignUpAttempt(body.email);
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
}

export async function signUp(body: RouteBody<'signUp'>, sourceIp?: string): Promise<RouteResponse<'signUp'>> {
  await checkHuman(body.captchaToken, CAPTCHA_ACTIONS.signup, sourceIp);
  const inviteCode = body.inviteCode.trim().toUpperCase();
  // The code is checked before the address is looked at, so a refusal says nothing about the address.
  if (!(await useInvite(inviteCode))) throw conflict(userServerErrors.inviteRefused);
  await settleNoSoonerThan(SIGN_UP_ANSWER_FLOOR_MS, () => createOrTellHolder(body, inviteCode));
  return { message: userServerErrors.signUpDone };
}

/** The business's account, seen by the signed-in person: the owner, or a member with their own place. */
export async function currentUser(member: TeamCaller): Promise<RouteResponse<'currentUser'>> {
  const [record, own] = await Promise.all([
    getUser(member.businessId),
    member.role === 'owner' ? undefined : getMember(member.memberId),
  ]);
  if (!record) throw notFound(userServerErrors.userNotFound);
  if (!own) return toUserView(record);
  return toUserView(record, new Date(), {
    memberId: own.userId,
    role: member.role,
    name: own.name,
    email: own.email,
  });
}

export async function updateProfile(
  userId: string,
  body: RouteBody<'updateProfile'>,
): Promise<RouteResponse<'updateProfile'>> {
  const record = await saveProfile(userId, body);
  if (!record) throw notFound(userServerErrors.userNotFound);
  return toUserView(record);
}
