import { routeHandler } from '../lib/http';
import { openBillingPortal } from './service';

export const handler = routeHandler('billingPortal', ({ userId }) => openBillingPortal(userId));
