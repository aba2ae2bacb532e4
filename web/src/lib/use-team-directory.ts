/**
 * The team's names by member id, for the screens that say who created what and give galleries to
 * photographers. Read only by a manager or the owner (a photographer sees their own work only), and
 * never for a seller who works alone (the current user says how many members there are), so those
 * screens add nothing then, not even a call.
 */
import { useMemo } from 'react';
import { roleAllows } from '#shared/rules/team-roles';
import type { TeamDirectory } from '#shared/schemas/team';
import { useAuth } from './auth/auth-store';
import { useServices } from './services';
import { sellerCommonTexts } from './texts/seller-common';
import { useQuery } from './use-query';

export type TeamMember = TeamDirectory['members'][number];

/**
 * The owner and members, then the members removed since (`former`: no longer anyone's photographer, but
 * what they made keeps their name); undefined for a seller who works alone.
 */
export function useTeamDirectory(): readonly TeamMember[] | undefined {
  const { user } = useAuth();
  const { api } = useServices();
  const enabled = !!user && roleAllows(user.team.role, 'manager') && user.team.memberCount > 0;
  const directory = useQuery({ key: ['team-directory'], load: () => api.teamDirectory(), enabled });
  const members = directory.data?.members;
  return useMemo(() => (members && members.length > 1 ? members : undefined), [members]);
}

/** The current members (the owner first), for the screens that give work or count it. */
export const currentMembers = (team: readonly TeamMember[]) => team.filter((member) => !member.former);

/**
 * Who made something: a member's name (a removed one's marked as former); undefined without a team or
 * without a creator (made before teams, or a customer's pick): each screen decides what that means.
 */
export function memberName(team: readonly TeamMember[] | undefined, id: string | undefined) {
  if (!team || id === undefined) return undefined;
  const member = team.find((candidate) => candidate.id === id);
  if (!member) return sellerCommonTexts.formerMember;
  return member.former ? sellerCommonTexts.formerMemberName(member.name) : member.name;
}
