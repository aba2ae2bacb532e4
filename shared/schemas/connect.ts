import * as z from 'zod/mini';
import { PLAN_IDS } from '../rules/plans';

export const ConnectStatusValue = z.enum(['not_started', 'pending', 'active', 'restricted']);
export type ConnectStatusValue = z.infer<typeof ConnectStatusValue>;

/** Connect status response (account document, section 3). */
export const ConnectStatus = z.object({
  status: ConnectStatusValue,
  dashboardUrl: z.optional(z.string()),
  message: z.optional(z.string()),
  onboardingUrl: z.optional(z.string()),
});

export const ConnectOnboardingResponse = z.object({ message: z.string(), onboardingUrl: z.string() });

export const BillingPortalResponse = z.object({ url: z.string() });
export const SubscriptionCheckoutBody = z.object({ plan: z.enum(PLAN_IDS) });
export const SubscriptionCheckoutResponse = z.object({ url: z.string() });
