import { routeHandler } from '../lib/http';
import { inviteMember } from './team';

export const handler = routeHandler('inviteMember', ({ member, body }) => inviteMember(member, body));
