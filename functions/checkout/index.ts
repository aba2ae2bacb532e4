/** The checkout Lambda: a free order's validate-checkout and complete-checkout. */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('checkout', {
  validateCheckout: () => import('./validate-checkout'),
  completeCheckout: () => import('./complete-checkout'),
});
