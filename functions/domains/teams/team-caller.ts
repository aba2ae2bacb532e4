/**
 * Who a seller call acts for: the business (the owner's account id, under which every gallery, photo and
 * order is stored), the member making the call and their role. Pure: the membership as stored in, the
 * caller out, so the rules are tested without I/O (team-caller.test.ts).
 */
import type { TeamRole } from '#shared/rules/team-roles';

/** A member's fields on their record in the users table (member-store.ts). */
export interface Membership {
  businessId?: string;
  role?: TeamRole;
  memberStatus?: 'invited' | 'active' | 'removed';
}

export interface TeamCaller {
  /** The business's id: its owner's Cognito sub. */
  businessId: string;
  /** The signed-in person's Cognito sub. */
  memberId: string;
  role: TeamRole;
}

/**
 * The caller for a signed-in `sub` and its stored record: a member record names its business and role;
 * any other account (a seller who signed up, or one not stored yet) owns its own business. A removed
 * member is no one: undefined, and every seller call refuses them, whatever their token says.
 */
export function teamCaller(sub: string, membership: Membership | undefined): TeamCaller | undefined {
  if (!membership?.businessId) return { businessId: sub, memberId: sub, role: 'owner' };
  if (membership.memberStatus === 'removed' || !membership.role) return undefined;
  return { businessId: membership.businessId, memberId: sub, role: membership.role };
}

/** How long a recorded last activity stands before a call records it again (one write per member per window). */
export const ACTIVITY_WINDOW_MS = 5 * 60_000;

export function activityIsStale(lastActiveAt: string | undefined, now: Date): boolean {
  if (!lastActiveAt) return true;
  return now.getTime() - Date.parse(lastActiveAt) >= ACTIVITY_WINDOW_MS;
}
