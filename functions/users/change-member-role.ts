import { routeHandler } from '../lib/http';
import { changeMemberRole } from './team';

export const handler = routeHandler('changeMemberRole', ({ member, params, body }) =>
  changeMemberRole(member, params.memberId, body),
);
