import { routeHandler } from '../lib/seller-http';
import { teamDirectory } from './team';

export const handler = routeHandler('teamDirectory', ({ member }) => teamDirectory(member));
