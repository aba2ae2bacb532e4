/** The connect Lambda: the seller's payment acceptance (Stripe Connect Express onboarding and status). */
import { groupHandler } from '../lib/http';

export const handler = groupHandler('connect', {
  connectOnboarding: () => import('./start-onboarding'),
  connectStatus: () => import('./get-status'),
});
