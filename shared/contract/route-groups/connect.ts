/** Payment acceptance: the seller's Stripe Connect onboarding and its status. */
import { Empty } from '../../schemas/common';
import { ConnectOnboardingResponse, ConnectStatus } from '../../schemas/connect';
import { route } from '../route-def';

export const connectRoutes = {
  connectOnboarding: route({
    method: 'POST',
    path: '/connect/onboarding',
    caller: 'seller',
    group: 'connect',
    errors: [],
    body: Empty,
    response: ConnectOnboardingResponse,
  }),
  connectStatus: route({
    method: 'GET',
    path: '/connect/status',
    caller: 'seller',
    group: 'connect',
    errors: [],
    response: ConnectStatus,
  }),
} as const;
