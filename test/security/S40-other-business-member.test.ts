/**
 * S40: a member of another business (its manager, who may call every route short of the owner's, and its
 * owner) calls every seller route that names an id with this business's ids (gallery, photo, order,
 * hidden person, member) and a valid body: refused every time (404, or 403 for a route above their role),
 * and nothing this business holds changes. A photographer of the other business given none of this
 * business's galleries gets 404 on every gallery route.
 */
import { describe, expect, it } from 'vitest';
import { minRoleOf } from '#shared/contract/routes';
import { roleAllows } from '#shared/rules/team-roles';
import { useTestStack } from '@shutterlane/harness/local-stack';
import { newSeller } from '@shutterlane/harness/seller-tools-helpers';
import { joinedMember } from '@shutterlane/harness/team-members';
import { idRoutes } from '../support/seller-route-bodies';
import { businessWithWork, callRoute, snapshot } from './support/team-cases';

const env = useTestStack();

describe("S40 another business's members and this business's ids", () => {
  it('refuses every id route to their manager, owner and photographer, changing nothing', async () => {
    const business = await businessWithWork(env);
    const member = await joinedMember(env, business.owner, 'photographer');
    const ids = { ...business.ids, memberId: member.userId };
    const otherOwner = await newSeller(env, { plan: 'advanced', subscriptionStatus: 'active' });
    const callers = [
      { who: otherOwner, role: 'owner' as const },
      { who: await joinedMember(env, otherOwner, 'manager'), role: 'manager' as const },
      { who: await joinedMember(env, otherOwner, 'photographer'), role: 'photographer' as const },
    ];
    expect(idRoutes.length).toBeGreaterThanOrEqual(20);
    const before = await snapshot(business, [member.userId]);
    for (const { who, role } of callers)
      for (const name of idRoutes) {
        const answer = await callRoute(env, who, name, ids);
        const expected = roleAllows(role, minRoleOf(name)!) ? 404 : 403;
        expect({ role, name, status: answer.status }).toEqual({ role, name, status: expected });
      }
    expect(await snapshot(business, [member.userId])).toEqual(before);
  });
});
