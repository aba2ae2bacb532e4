/**
 * Messages of the connect and billing API (our own wording: the spec does not show them). A module of
 * its own, like account-errors.ts, so only the seller pages' chunks carry them.
 */
export const paymentServerErrors = {
  advancedPlanRequired:
    'Accepting card payments needs the Advanced plan. Choose it on the pricing page, then set up payments.',
  noSubscriptionToManage: 'There is no subscription to manage yet. Choose a plan on the pricing page.',
  onboardingLinkCreated: 'Continue on Stripe to finish setting up card payments.',
  stripeUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  // One plan checkout at a time per seller (functions/billing/plan-checkout.ts).
  planCheckoutOpenedElsewhere:
    'Another plan checkout was started at the same moment, in another tab or window. Choose your plan again to continue with one checkout.',
  planCheckoutJustPaid:
    'Your plan checkout has just been paid. Your plan appears on your dashboard in a moment; change it later from Manage Subscription.',
} as const;

/** What GET /connect/status says for each state (its `message`). */
export const connectStatusMessages = {
  not_started: 'Card payments are not set up yet.',
  pending:
    'Stripe is checking your details. Verification is usually instant and can take up to 1-2 business days.',
  active: 'Your account can accept card payments. Payouts arrive 28 days after each payment.',
  restricted: 'Stripe needs more information before your account can accept payments.',
} as const;
