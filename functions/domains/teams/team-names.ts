/** The names of everyone who has worked for a business, by member id: the owner, the members, the former members. */
import { getUser } from '../sellers/seller-store';
import { recordsById } from './member-store';

export async function teamNames(businessId: string): Promise<Map<string, string>> {
  const owner = await getUser(businessId);
  if (!owner) return new Map();
  const members = await recordsById([...(owner.teamMemberIds ?? []), ...(owner.formerMemberIds ?? [])]);
  return new Map([
    [owner.userId, owner.name],
    ...members.map((member) => [member.userId, member.name] as const),
  ]);
}
