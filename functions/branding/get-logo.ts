import { routeHandler } from '../lib/http';
import { logoRedirect } from './service';

export const handler = routeHandler('sellerLogo', ({ params }) => logoRedirect(params.logoId));
