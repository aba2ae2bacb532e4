import { routeHandler } from '../lib/http';
import { startSubscriptionCheckout } from './service';

export const handler = routeHandler('subscriptionCheckout', ({ userId, body }) =>
  startSubscriptionCheckout(userId, body.plan),
);
