import { routeHandler } from '../lib/seller-http';
import { listTeam } from './team';

export const handler = routeHandler('listMembers', ({ member }) => listTeam(member));
