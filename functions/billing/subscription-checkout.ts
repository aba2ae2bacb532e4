import { routeHandler } from '../lib/seller-http';
import { startSubscriptionCheckout } from './service';

export const handler = routeHandler('subscriptionCheckout', ({ userId, body }) =>
  startSubscriptionCheckout(userId, body.plan),
);
