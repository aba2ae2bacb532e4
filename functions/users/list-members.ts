import { routeHandler } from '../lib/http';
import { listTeam } from './team';

export const handler = routeHandler('listMembers', ({ member }) => listTeam(member));
