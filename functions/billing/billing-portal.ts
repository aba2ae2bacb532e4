import { routeHandler } from '../lib/seller-http';
import { openBillingPortal } from './service';

export const handler = routeHandler('billingPortal', ({ userId }) => openBillingPortal(userId));
