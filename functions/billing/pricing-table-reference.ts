import { routeHandler } from '../lib/seller-http';
import { createPricingTableReference } from './service';

export const handler = routeHandler('pricingTableReference', ({ userId }) =>
  createPricingTableReference(userId),
);
