/**
 * The handlers of seller routes: functions/lib/http.ts's, with the team check of every seller call. The
 * caller's membership is read from storage (never a token claim): a removed member is refused like a
 * missing token, a role below the route's least role is refused, and a photographer's call that names a
 * gallery must name one open to them (functions/domains/teams).
 */
import type { RouteName, RouteResponse } from '#shared/contract/routes';
import { roleAllows } from '#shared/rules/team-roles';
import { teamErrors } from '#shared/texts/team-errors';
import { checkGalleryScope } from '../domains/teams/gallery-scope';
import { sellerCaller } from '../domains/teams/membership';
import { forbidden, unauthorized } from './http-error';
import { routeHandler as anyRouteHandler, type RawResult, type RouteInput, type SellerCheck } from './http';

export { RawResult } from './http';

const TEAM_CHECK: SellerCheck = {
  async member(sub, minRole) {
    const member = await sellerCaller(sub);
    if (!member) throw unauthorized(teamErrors.memberRemoved);
    if (minRole && !roleAllows(member.role, minRole)) throw forbidden(teamErrors.roleRefused);
    return member;
  },
  gallery: checkGalleryScope,
};

export function routeHandler<N extends RouteName>(
  name: N,
  handle: (input: RouteInput<N>) => Promise<RouteResponse<N> | RawResult>,
) {
  return anyRouteHandler(name, handle, TEAM_CHECK);
}
