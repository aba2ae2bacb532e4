/** The team's rules that need no I/O: how many members a plan admits, and a member as the owner sees them. */
import { isPlanId } from '#shared/rules/plans';
import { entitlementsFor } from '#shared/rules/subscription';
import type { Member } from '#shared/schemas/team';
import type { UserRecord } from '../sellers/seller-store';
import type { MemberRecord } from './member-store';

/** Members the business's plan admits besides the owner (none without a live subscription). */
export const memberLimitOf = (owner: Pick<UserRecord, 'plan' | 'subscriptionStatus'>): number =>
  entitlementsFor(owner.subscriptionStatus, isPlanId(owner.plan) ? owner.plan : undefined).teamMembers;

export const ownerAsMember = (owner: UserRecord, period: string): Member => ({
  id: owner.userId,
  name: owner.name,
  email: owner.email,
  role: 'owner',
  status: 'active',
  joinedAt: owner.createdAt,
  ...(owner.lastActiveAt && { lastActiveAt: owner.lastActiveAt }),
  uploadsThisPeriod: uploadsInPeriod(owner, period),
});

export const memberView = (member: MemberRecord, period: string): Member => ({
  id: member.userId,
  name: member.name,
  email: member.email,
  role: member.role,
  status: member.memberStatus === 'active' ? 'active' : 'invited',
  joinedAt: member.createdAt,
  ...(member.lastActiveAt && { lastActiveAt: member.lastActiveAt }),
  uploadsThisPeriod: uploadsInPeriod(member, period),
});

/** A record's uploads in `period` (another period's count reads as none). */
export const uploadsInPeriod = (
  record: { memberUploads?: number; memberUploadPeriod?: string },
  period: string,
) => (record.memberUploadPeriod === period ? (record.memberUploads ?? 0) : 0);
