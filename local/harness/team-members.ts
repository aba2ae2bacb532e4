/**
 * Team members for the tests: the owner invites through the API, the member follows the mailed
 * account-setup link to choose a password, and signs in with SRP, as a person would.
 */
import { CAPTCHA_ACTIONS } from '../../shared/contract/captcha-actions';
import type { MemberRole } from '../../shared/rules/team-roles';
import { cognitoClient, linkIn, uniqueEmail, waitForMail } from './accounts';
import { captchaToken, type TestStack } from './local-stack';
import { call, type Seller } from './seller-tools-helpers';
import { srpSignIn } from './srp-sign-in';

export const MEMBER_PASSWORD = 'team-password-1';

export interface Member extends Seller {
  /** Their own Cognito sub (`userId` is too: the business's id is the owner's). */
  email: string;
  name: string;
  refreshToken: string;
}

export async function joinedMember(
  env: TestStack,
  owner: Seller,
  role: MemberRole,
  email = uniqueEmail(role),
): Promise<Member> {
  const name = `A ${role}`;
  const invited = await call(env, owner, 'POST', '/members', { email, name, role });
  if (invited.status !== 201)
    throw new Error(`Invitation refused: ${invited.status} ${JSON.stringify(invited.body)}`);
  // The newest invitation: an address invited again after a removal has the first one too.
  const link = linkIn(await waitForMail(env.stack, email, 'Join'), '/account-setup');
  const setup = await call(env, undefined, 'POST', '/public/set-password', {
    email,
    code: link.searchParams.get('code'),
    password: MEMBER_PASSWORD,
    captchaToken: await captchaToken(env.stack.urls.captcha, CAPTCHA_ACTIONS.setPassword),
  });
  if (setup.status !== 200) throw new Error(`Setup refused: ${setup.status} ${JSON.stringify(setup.body)}`);
  const tokens = await srpSignIn(cognitoClient(env.stack), env.stack.cognito, email, MEMBER_PASSWORD);
  return {
    userId: String(invited.body.id),
    email,
    name,
    token: tokens.IdToken,
    refreshToken: tokens.RefreshToken,
  };
}
