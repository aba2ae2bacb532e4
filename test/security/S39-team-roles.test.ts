/**
 * S39: a member calls every seller route that needs a role above theirs (a photographer, the manager's
 * and the owner's; a manager, the owner's), with the business's own ids and a valid body: 403 'Your role
 * in this business does not allow this' every time, and nothing the business holds changes. The routes
 * come from the route table's `minRole`, so a new route is walked by itself.
 */
import { describe, expect, it } from 'vitest';
import { minRoleOf } from '#shared/contract/routes';
import { roleAllows, type MemberRole } from '#shared/rules/team-roles';
import { teamErrors } from '#shared/texts/team-errors';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { joinedMember } from '@shutterlane/harness/team-members';
import { businessWithWork, callRoute, SELLER_ROUTES, snapshot } from './support/team-cases';

const env = useTestStack();

describe('S39 a member and the routes above their role', () => {
  it.each<MemberRole>(['photographer', 'manager'])(
    'refuses a %s every route above their role, changing nothing',
    async (role) => {
      const business = await businessWithWork(env);
      const member = await joinedMember(env, business.owner, role);
      const other = await joinedMember(env, business.owner, role === 'manager' ? 'photographer' : 'manager');
      const above = SELLER_ROUTES.filter((name) => !roleAllows(role, minRoleOf(name)!));
      expect(above.length).toBeGreaterThanOrEqual(role === 'photographer' ? 20 : 8);
      const before = await snapshot(business, [member.userId, other.userId]);
      // The member list's ids: a role change or removal names a real member.
      const ids = { ...business.ids, memberId: other.userId };
      for (const name of above)
        expect(await callRoute(env, member, name, ids)).toEqual({
          name,
          status: 403,
          message: teamErrors.roleRefused,
        });
      expect(await snapshot(business, [member.userId, other.userId])).toEqual(before);
    },
  );
});
