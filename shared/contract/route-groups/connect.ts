/** Payment acceptance: the seller's Stripe Connect onboarding and its status. */
import { Empty } from '../../schemas/common';
import { ConnectOnboardingResponse, ConnectStatus } from '../../schemas/connect';
import { paymentServerErrors } from '../../texts/payment-errors';
import { answer } from '../error-answers';
import { STRIPE_UNAVAILABLE, USER_NOT_FOUND } from './common-answers';
import { route } from '../route-def';

export const connectRoutes = {
  connectOnboarding: route({
    method: 'POST',
    path: '/connect/onboarding',
    caller: 'seller',
    minRole: 'owner',
    group: 'connect',
    errors: [USER_NOT_FOUND, answer(403, paymentServerErrors.advancedPlanRequired), STRIPE_UNAVAILABLE],
    body: Empty,
    response: ConnectOnboardingResponse,
  }),
  connectStatus: route({
    method: 'GET',
    path: '/connect/status',
    caller: 'seller',
    minRole: 'owner',
    group: 'connect',
    errors: [USER_NOT_FOUND, STRIPE_UNAVAILABLE],
    response: ConnectStatus,
  }),
} as const;
