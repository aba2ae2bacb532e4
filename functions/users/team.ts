/**
 * The owner's team: the members list, invitations, role changes and removals. An invitation creates the
 * member's Cognito account, which mails them the account-setup link (account-setup.ts sets their password
 * and marks them joined); a removal marks the member removed first (every later seller call refuses them,
 * whatever token they hold), then ends their sessions and disables the account.
 */
import { ROLE_LABELS, TEAM_INVITE_METADATA } from '#shared/rules/team-roles';
import { usagePeriodKey } from '#shared/rules/subscription';
import { teamErrors } from '#shared/texts/team-errors';
import type { RouteBody, RouteResponse } from '#shared/contract/routes';
import { userPool, type UserPool } from '../lib/cognito';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { logger } from '../lib/logger';
import { requireUser } from '../lib/require-user';
import type { UserRecord } from '../domains/sellers/seller-store';
import {
  addToTeam,
  dropFromTeam,
  getMember,
  membersById,
  markRemoved,
  putInvitedMember,
  recordsById,
  releaseRemovedAccount,
  setMemberRole,
} from '../domains/teams/member-store';
import type { TeamCaller } from '../domains/teams/team-caller';
import { memberLimitOf, memberView, ownerAsMember } from '../domains/teams/team-rules';
import { cognitoErrorName, fromCognitoError } from './cognito-errors';

async function teamOf(record: UserRecord): Promise<RouteResponse<'listMembers'>> {
  const members = await membersById([...(record.teamMemberIds ?? [])]);
  const sorted = members.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const period = usagePeriodKey(record, new Date());
  return {
    members: [ownerAsMember(record, period), ...sorted.map((member) => memberView(member, period))],
    memberLimit: memberLimitOf(record),
  };
}

export async function listTeam(owner: TeamCaller): Promise<RouteResponse<'listMembers'>> {
  return teamOf(await requireUser(owner.businessId));
}

/** The team's names for the screens that say who made what: the members, then those removed since. */
export async function teamDirectory(member: TeamCaller): Promise<RouteResponse<'teamDirectory'>> {
  const record = await requireUser(member.businessId);
  const [{ members }, former] = await Promise.all([
    teamOf(record),
    recordsById([...(record.formerMemberIds ?? [])]),
  ]);
  return {
    members: [
      ...members.map(({ id, name, role, uploadsThisPeriod }) => ({ id, name, role, uploadsThisPeriod })),
      ...former.map(({ userId, name, role }) => ({
        id: userId,
        name,
        role,
        uploadsThisPeriod: 0,
        former: true,
      })),
    ],
  };
}

type InvitePool = Pick<UserPool, 'adminCreateUser' | 'adminDeleteUser' | 'adminGetUserAttributes'>;
type MemberAccount = Parameters<UserPool['adminCreateUser']>[0];

/**
 * The member's Cognito account, which mails the invitation. An address whose account belonged to a
 * removed member (of this business or another) is free again: that disabled account is replaced, and the
 * old record keeps its name beside what they did. Any other existing account answers 409.
 */
async function createMemberAccount(pool: InvitePool, account: MemberAccount): Promise<string> {
  const create = () =>
    pool.adminCreateUser(account).catch((error: unknown) => {
      if (cognitoErrorName(error) === 'UsernameExistsException') return undefined;
      throw fromCognitoError(error, teamErrors.inviteFailed);
    });
  const sub =
    (await create()) ?? ((await releasedAccountOf(pool, account.email)) ? await create() : undefined);
  if (!sub) throw conflict(teamErrors.alreadyHasAccount);
  return sub;
}

async function releasedAccountOf(pool: InvitePool, email: string): Promise<boolean> {
  try {
    const { sub } = await pool.adminGetUserAttributes(email);
    if (!sub || !(await releaseRemovedAccount(sub, new Date()))) return false;
    await pool.adminDeleteUser(email);
    return true;
  } catch (error) {
    throw fromCognitoError(error, teamErrors.inviteFailed);
  }
}

export async function inviteMember(
  owner: TeamCaller,
  body: RouteBody<'inviteMember'>,
  pool: InvitePool = userPool,
): Promise<RouteResponse<'inviteMember'>> {
  const record = await requireUser(owner.businessId);
  const limit = memberLimitOf(record);
  if (limit === 0) throw forbidden(teamErrors.noTeamOnPlan);
  if ((record.teamMemberIds?.size ?? 0) >= limit) throw forbidden(teamErrors.teamFull(limit));
  const email = body.email.toLowerCase();
  const sub = await createMemberAccount(pool, {
    email,
    name: body.name,
    clientMetadata: {
      [TEAM_INVITE_METADATA.business]: record.businessName ?? record.name,
      [TEAM_INVITE_METADATA.role]: ROLE_LABELS[body.role],
    },
  });
  const member = {
    userId: sub,
    email,
    name: body.name,
    createdAt: new Date().toISOString(),
    businessId: owner.businessId,
    role: body.role,
    memberStatus: 'invited',
    invitedBy: owner.memberId,
  } as const;
  // The account goes again when it cannot join: without its member record it would set itself up as a
  // seller of its own.
  const undo = () =>
    pool
      .adminDeleteUser(email)
      .catch((error: unknown) => logger.error('Invited account not removed', { error }));
  if (!(await addToTeam(owner.businessId, sub, limit))) {
    await undo();
    throw forbidden(teamErrors.teamFull(limit));
  }
  if (!(await putInvitedMember(member))) {
    await Promise.all([undo(), dropFromTeam(owner.businessId, sub)]);
    throw conflict(teamErrors.alreadyHasAccount);
  }
  return memberView(member, '');
}

export async function changeMemberRole(
  owner: TeamCaller,
  memberId: string,
  body: RouteBody<'changeMemberRole'>,
): Promise<RouteResponse<'changeMemberRole'>> {
  if (memberId === owner.businessId) throw badRequest(teamErrors.ownerIsFixed);
  const member = await setMemberRole(owner.businessId, memberId, body.role);
  if (!member) throw notFound(teamErrors.memberNotFound);
  return memberView(member, usagePeriodKey(await requireUser(owner.businessId), new Date()));
}

export async function removeMember(
  owner: TeamCaller,
  memberId: string,
  pool: Pick<UserPool, 'adminSignOutEverywhere' | 'adminDisableUser'> = userPool,
): Promise<void> {
  if (memberId === owner.businessId) throw badRequest(teamErrors.ownerIsFixed);
  const member = await getMember(memberId);
  if (!member || !(await markRemoved(owner.businessId, memberId, new Date())))
    throw notFound(teamErrors.memberNotFound);
  await dropFromTeam(owner.businessId, memberId, true);
  // Already refused by every seller call; now their refresh tokens mint nothing and they cannot sign in.
  // Should Cognito fail here, the removal still holds (every call reads it from storage): it is logged,
  // not answered as a failure the owner could not retry (the member has left the list).
  try {
    await pool.adminSignOutEverywhere(member.email);
    await pool.adminDisableUser(member.email);
  } catch (error) {
    logger.error("A removed member's sessions were not ended", { error, memberId });
  }
}
