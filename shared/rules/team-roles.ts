/**
 * A business's team: the account that signed up owns it, and the members the owner invites each hold one
 * role. Roles are ordered: a route's minimum role (the route table's `minRole`) admits that role and every
 * role above it.
 */
export const TEAM_ROLES = ['photographer', 'manager', 'owner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an owner gives: there is one owner, the account that signed up. */
export const MEMBER_ROLES = ['manager', 'photographer'] as const satisfies readonly TeamRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  photographer: 'Photographer',
};

/** What each role may do, as the members page explains it. */
export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, including plans and billing, payouts and the team',
  manager: 'Every gallery, orders, public galleries, prices and sales figures',
  photographer: 'Creates galleries and uploads to the galleries they are given',
};

export const roleAllows = (role: TeamRole, minRole: TeamRole): boolean =>
  TEAM_ROLES.indexOf(role) >= TEAM_ROLES.indexOf(minRole);

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);

/** The client-metadata keys a team invitation passes to Cognito's custom-message trigger. */
export const TEAM_INVITE_METADATA = { business: 'teamBusiness', role: 'teamRole' } as const;
