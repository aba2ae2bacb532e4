import { routeHandler } from '../lib/seller-http';
import { changeMemberRole } from './team';

export const handler = routeHandler('changeMemberRole', ({ member, params, body }) =>
  changeMemberRole(member, params.memberId, body),
);
