import { routeHandler } from '../lib/http';
import { createPricingTableReference } from './service';

export const handler = routeHandler('pricingTableReference', ({ userId }) =>
  createPricingTableReference(userId),
);
