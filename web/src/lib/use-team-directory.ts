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
import { useQuery } from './use-query';

export type TeamMember = TeamDirectory['members'][number];

export function useTeamDirectory(): readonly TeamMember[] | undefined {
  const { user } = useAuth();
  const { api } = useServices();
  const enabled = !!user && roleAllows(user.team.role, 'manager') && user.team.memberCount > 0;
  const directory = useQuery({ key: ['team-directory'], load: () => api.teamDirectory(), enabled });
  const members = directory.data?.members;
  return useMemo(() => (members && members.length > 1 ? members : undefined), [members]);
}

/** A member's name, or undefined (no team, or a member since removed). */
export const memberName = (team: readonly TeamMember[] | undefined, id: string | undefined) =>
  id === undefined ? undefined : team?.find((member) => member.id === id)?.name;
