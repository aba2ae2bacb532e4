/** Seller accounts: sign-up, profile, password reset, email verification and account setup (account document, section 7). */
import {
  ConfirmPasswordResetBody,
  EmailBody,
  MessageResponse,
  SetPasswordBody,
  SignUpBody,
  SignUpResponse,
  SuccessResponse,
  UpdateProfileBody,
  User,
  VerifyEmailBody,
} from '../../schemas/user';
import { ChangeRoleBody, InviteMemberBody, Member, MemberList, MemberParams } from '../../schemas/team';
import { teamErrors } from '../../texts/team-errors';
import { setupErrors, signUpErrors, userServerErrors, verifyErrors } from '../../texts/account-errors';
import { answer } from '../error-answers';
import { CAPTCHA_REFUSED, USER_NOT_FOUND } from './common-answers';
import { route } from '../route-def';

/** The account calls' human check: the spec's robot-check text (functions/users/human-check.ts). */
const HUMAN_CHECK = [answer(403, signUpErrors.robotCheckFailed), CAPTCHA_REFUSED] as const;
const TOO_MANY_ATTEMPTS = answer(429, userServerErrors.tooManyAttempts);
const INVALID_CODE = answer(400, userServerErrors.invalidCode);

export const usersRoutes = {
  signUp: route({
    method: 'POST',
    path: '/public/users',
    caller: 'public',
    status: 201,
    group: 'users',
    errors: [
      ...HUMAN_CHECK,
      answer(409, userServerErrors.inviteRefused),
      answer(400, userServerErrors.invalidPassword),
      TOO_MANY_ATTEMPTS,
      answer(403, userServerErrors.signUpNotAllowed),
      answer(503, signUpErrors.createUserFailed),
    ],
    body: SignUpBody,
    response: SignUpResponse,
  }),
  currentUser: route({
    method: 'GET',
    path: '/users',
    caller: 'seller',
    minRole: 'photographer',
    group: 'users',
    errors: [USER_NOT_FOUND],
    response: User,
  }),
  updateProfile: route({
    method: 'PATCH',
    path: '/users',
    caller: 'seller',
    minRole: 'owner',
    group: 'users',
    errors: [USER_NOT_FOUND],
    body: UpdateProfileBody,
    response: User,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/public/request-password-reset',
    caller: 'public',
    group: 'users',
    errors: [...HUMAN_CHECK, TOO_MANY_ATTEMPTS, answer(503, userServerErrors.tooManyAttempts)],
    body: EmailBody,
    response: MessageResponse,
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/public/confirm-password-reset',
    caller: 'public',
    group: 'users',
    errors: [
      ...HUMAN_CHECK,
      INVALID_CODE,
      answer(400, userServerErrors.invalidPassword),
      TOO_MANY_ATTEMPTS,
      answer(503, userServerErrors.tooManyAttempts),
    ],
    body: ConfirmPasswordResetBody,
    response: MessageResponse,
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/public/verify-email',
    caller: 'public',
    group: 'users',
    errors: [...HUMAN_CHECK, INVALID_CODE, TOO_MANY_ATTEMPTS, answer(503, verifyErrors.verifyFailed)],
    body: VerifyEmailBody,
    response: SuccessResponse,
  }),
  resendVerification: route({
    method: 'POST',
    path: '/public/resend-verification',
    caller: 'public',
    group: 'users',
    errors: [...HUMAN_CHECK, TOO_MANY_ATTEMPTS, answer(503, verifyErrors.resendFailed)],
    body: EmailBody,
    response: MessageResponse,
  }),
  setPassword: route({
    method: 'POST',
    path: '/public/set-password',
    caller: 'public',
    group: 'users',
    errors: [
      ...HUMAN_CHECK,
      answer(400, userServerErrors.invalidSetupLink),
      answer(400, userServerErrors.invalidPassword),
      TOO_MANY_ATTEMPTS,
      answer(503, setupErrors.failed),
    ],
    body: SetPasswordBody,
    response: SuccessResponse,
  }),
  listMembers: route({
    method: 'GET',
    path: '/members',
    caller: 'seller',
    minRole: 'owner',
    group: 'users',
    errors: [USER_NOT_FOUND],
    response: MemberList,
  }),
  inviteMember: route({
    method: 'POST',
    path: '/members',
    caller: 'seller',
    minRole: 'owner',
    status: 201,
    group: 'users',
    errors: [
      USER_NOT_FOUND,
      answer(409, teamErrors.alreadyHasAccount),
      answer(403, teamErrors.noTeamOnPlan),
      answer(403, teamErrors.teamFull),
      answer(503, teamErrors.inviteFailed),
    ],
    body: InviteMemberBody,
    response: Member,
  }),
  changeMemberRole: route({
    method: 'PATCH',
    path: '/members/{memberId}',
    caller: 'seller',
    minRole: 'owner',
    group: 'users',
    errors: [answer(404, teamErrors.memberNotFound), answer(400, teamErrors.ownerIsFixed)],
    params: MemberParams,
    body: ChangeRoleBody,
    response: Member,
  }),
  removeMember: route({
    method: 'DELETE',
    path: '/members/{memberId}',
    caller: 'seller',
    minRole: 'owner',
    status: 204,
    group: 'users',
    errors: [answer(404, teamErrors.memberNotFound), answer(400, teamErrors.ownerIsFixed)],
    params: MemberParams,
    response: null,
  }),
} as const;
