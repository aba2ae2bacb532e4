/**
 * Team members in the users table: a member's record is keyed by their own Cognito sub, like a seller's,
 * and names the business they work for (`businessId`, the owner's sub), their role and whether they have
 * joined. A removed member's record stays, marked `removed`, so that a token minted before the removal is
 * still refused (team-caller.ts). The owner's record lists the members' ids (`teamMemberIds`), so the
 * list and the plan's limit are read consistently (a global index could not be).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '#shared/rules/team-roles';
import { conditionally, dynamo, isConditionFailure, tableName, updatedItem } from '../../lib/dynamo';
import type { Membership } from './team-caller';

export interface MemberRecord extends Membership {
  userId: string;
  email: string;
  name: string;
  createdAt: string;
  businessId: string;
  role: MemberRole;
  memberStatus: 'invited' | 'active' | 'removed';
  invitedBy: string;
  lastActiveAt?: string;
  removedAt?: string;
  /** When their (disabled) Cognito account was deleted for a new invitation (team.ts). */
  accountReleasedAt?: string;
  /** Their uploads in `memberUploadPeriod` (member-uploads-store.ts). */
  memberUploads?: number;
  memberUploadPeriod?: string;
}

/** The caller's membership and last activity, strongly consistent: a removal counts from its next call. */
export async function readMembership(
  sub: string,
): Promise<(Membership & { lastActiveAt?: string }) | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: { userId: sub },
      ConsistentRead: true,
      ProjectionExpression: 'businessId, #role, memberStatus, lastActiveAt',
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  );
  return Item as (Membership & { lastActiveAt?: string }) | undefined;
}

/** Records the caller's last activity on their own record (never creates one). */
export async function recordActivity(sub: string, at: Date): Promise<void> {
  await conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: sub },
      UpdateExpression: 'SET lastActiveAt = :at',
      ConditionExpression: 'attribute_exists(userId)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}

/** Stores an invited member; false when the sub has a record already (a seller or another business's member). */
export async function putInvitedMember(member: MemberRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('users'),
        Item: member,
        ConditionExpression: 'attribute_not_exists(userId)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getMember(memberId: string): Promise<MemberRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('users'), Key: { userId: memberId }, ConsistentRead: true }),
  );
  return Item?.businessId ? (Item as MemberRecord) : undefined;
}

/**
 * Adds a member to the owner's list (`teamMemberIds` on the owner's record) unless the list is full: one
 * conditional write, so two invitations at once cannot pass the plan's limit together.
 */
export function addToTeam(businessId: string, memberId: string, limit: number): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: businessId },
      UpdateExpression: 'ADD teamMemberIds :ids',
      ConditionExpression:
        'attribute_exists(userId) AND (attribute_not_exists(teamMemberIds) OR size(teamMemberIds) < :limit)',
      ExpressionAttributeValues: { ':ids': new Set([memberId]), ':limit': limit },
    }),
  );
}

/** Takes a member off the owner's list; `former`: they were removed, and stay named as a former member. */
export async function dropFromTeam(businessId: string, memberId: string, former = false): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: businessId },
      UpdateExpression: `DELETE teamMemberIds :ids${former ? ' ADD formerMemberIds :ids' : ''}`,
      ExpressionAttributeValues: { ':ids': new Set([memberId]) },
    }),
  );
}

/** The ids on the owner's list (strongly consistent: an invitation or removal shows at once). */
export async function teamMemberIds(businessId: string): Promise<string[]> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName('users'),
      Key: { userId: businessId },
      ConsistentRead: true,
      ProjectionExpression: 'teamMemberIds',
    }),
  );
  return [...((Item?.teamMemberIds as Set<string> | undefined) ?? [])];
}

/** These members' records (a plan admits ten at most: one read each, at once). */
export async function recordsById(ids: readonly string[]): Promise<MemberRecord[]> {
  const records = await Promise.all(ids.map(getMember));
  return records.filter((member): member is MemberRecord => !!member);
}

/** These members' records, removed ones left out. */
export async function membersById(ids: readonly string[]): Promise<MemberRecord[]> {
  return (await recordsById(ids)).filter((member) => member.memberStatus !== 'removed');
}

export async function listMembers(businessId: string): Promise<MemberRecord[]> {
  return membersById(await teamMemberIds(businessId));
}

const OF_THIS_BUSINESS = 'businessId = :businessId AND memberStatus <> :removed';

/** Changes a member's role; undefined when they are not a (current) member of this business. */
export async function setMemberRole(
  businessId: string,
  memberId: string,
  role: MemberRole,
): Promise<MemberRecord | undefined> {
  return updatedItem<MemberRecord>({
    TableName: tableName('users'),
    Key: { userId: memberId },
    UpdateExpression: 'SET #role = :role',
    ConditionExpression: OF_THIS_BUSINESS,
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':role': role, ':businessId': businessId, ':removed': 'removed' },
  });
}

/** Marks a member removed; false when they were not a current member of this business. */
export function markRemoved(businessId: string, memberId: string, at: Date): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: memberId },
      UpdateExpression: 'SET memberStatus = :removed, removedAt = :at',
      ConditionExpression: OF_THIS_BUSINESS,
      ExpressionAttributeValues: {
        ':removed': 'removed',
        ':at': at.toISOString(),
        ':businessId': businessId,
      },
    }),
  );
}

/**
 * Claims a removed member's Cognito account for a new invitation: one conditional write, so of two
 * invitations at once only one deletes and recreates the account. A claim older than a minute whose
 * account is still there (its deletion failed) may be taken again. False for anyone not removed.
 */
export function releaseRemovedAccount(memberId: string, at: Date): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: memberId },
      UpdateExpression: 'SET accountReleasedAt = :at',
      ConditionExpression:
        'memberStatus = :removed AND (attribute_not_exists(accountReleasedAt) OR accountReleasedAt < :stale)',
      ExpressionAttributeValues: {
        ':removed': 'removed',
        ':at': at.toISOString(),
        ':stale': new Date(at.getTime() - 60_000).toISOString(),
      },
    }),
  );
}

/** The invited member chose their password: they have joined. */
export function markJoined(memberId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName('users'),
      Key: { userId: memberId },
      UpdateExpression: 'SET memberStatus = :active',
      ConditionExpression: 'memberStatus = :invited',
      ExpressionAttributeValues: { ':active': 'active', ':invited': 'invited' },
    }),
  );
}
