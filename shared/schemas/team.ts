/** The team calls' shapes: the owner's members list, an invitation, a role change. */
import * as z from 'zod/mini';
import { MEMBER_ROLES, TEAM_ROLES } from '../rules/team-roles';
import { Email, Id } from './common';

export const TeamRoleValue = z.enum(TEAM_ROLES);
export const MemberRoleValue = z.enum(MEMBER_ROLES);

/** `invited` until the member has chosen a password; a removed member is not listed. */
export const MemberStatus = z.enum(['invited', 'active']);

export const Member = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRoleValue,
  status: MemberStatus,
  joinedAt: z.string(),
  /** The last seller call they made (kept to five minutes). */
  lastActiveAt: z.optional(z.string()),
  /** Photos they uploaded in the business's current usage period (the plan's month). */
  uploadsThisPeriod: z.number(),
});
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({
  /** The owner first, then the members by when they were invited. */
  members: z.array(Member),
  /** Members the plan allows besides the owner. */
  memberLimit: z.number(),
});
export type MemberList = z.infer<typeof MemberList>;

export const InviteMemberBody = z.object({
  email: Email,
  name: z
    .string()
    .check(z.trim(), z.minLength(2, 'Name must be at least 2 characters long'), z.maxLength(100)),
  role: MemberRoleValue,
});

export const MemberParams = z.object({ memberId: Id });
export const ChangeRoleBody = z.object({ role: MemberRoleValue });

/**
 * Who is in the team, for the screens that name people (a gallery's photographers, who created what):
 * the owner and members, then the members removed since (`former`), whose work keeps their name.
 */
export const TeamDirectory = z.object({
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: TeamRoleValue,
      uploadsThisPeriod: z.number(),
      former: z.optional(z.boolean()),
    }),
  ),
});
export type TeamDirectory = z.infer<typeof TeamDirectory>;

/** The caller's own place in the business, on the current-user answer. */
export const TeamPlace = z.object({
  memberId: z.string(),
  role: TeamRoleValue,
  name: z.string(),
  email: z.string(),
  /**
   * The business's members besides its owner, with those removed since (the screens name what they
   * made): a seller who has always worked alone (0) needs no team directory.
   */
  memberCount: z.number(),
});
export type TeamPlace = z.infer<typeof TeamPlace>;

/** The members a gallery is given to (photographers upload to it). */
export const GalleryPhotographersBody = z.object({
  memberIds: z.array(Id).check(z.maxLength(50)),
});
