import { routeHandler } from '../lib/seller-http';
import { inviteMember } from './team';

export const handler = routeHandler('inviteMember', ({ member, body }) => inviteMember(member, body));
