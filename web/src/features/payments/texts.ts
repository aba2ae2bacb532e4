/**
 * Texts of the payment-acceptance, subscription and usage cards, the trial banner and the manage-account
 * subscription panel. Quoted spec texts are marked "spec"; the rest are ours.
 */
import {
  CONNECT_ONBOARDING_MINUTES,
  CONNECT_VERIFICATION_BUSINESS_DAYS,
  PAYOUT_DELAY_DAYS,
  PLATFORM_FEE_PERCENT,
} from '#shared/rules/constants';

export const paymentTexts = {
  // Payment Acceptance card (spec section 4)
  paymentAcceptance: 'Payment Acceptance', // spec
  setUpTitle: 'Set Up Payment Acceptance', // spec
  setUpPayments: 'Set Up Payments', // spec
  continueSetup: 'Continue Setup', // spec
  inProgressTitle: 'Setup In Progress', // spec
  viewDashboard: 'View Dashboard', // spec
  activeTitle: 'Payment Acceptance Active', // spec
  openStripeDashboard: 'Open Stripe Dashboard',
  restrictedTitle: 'Account Restricted', // spec
  resolveIssues: 'Resolve Issues', // spec
  completeSetup: 'Complete Setup', // spec
  connectSuccess: 'Payment setup completed successfully! Your account is now ready to accept payments.', // spec
  connectRefresh: 'Payment setup refreshed. Please complete any remaining steps.', // spec
  checkingStatus: 'Checking your payment setup…',
  checkingAgain: 'Checking with Stripe…',
  retry: 'Try again',
  setUpText: `Connect a Stripe Express account to take card payments. It takes about ${CONNECT_ONBOARDING_MINUTES} minutes; verification is usually instant and can take up to ${CONNECT_VERIFICATION_BUSINESS_DAYS} business days. You can keep using Shutterlane meanwhile: payments start once you are verified.`,

  // What happens (direct charges): Stripe's fee and our application fee both come out of the payment.
  feeAndPayout: `Each card payment pays Stripe's card fee and Shutterlane's ${PLATFORM_FEE_PERCENT}%; the rest reaches you ${PAYOUT_DELAY_DAYS} days after the customer pays.`,

  // Subscription Status card and the manage-account panel (spec section 2)
  subscriptionStatus: 'Subscription Status', // spec
  noSubscription: 'No active subscription', // spec
  manageSubscription: 'Manage Subscription', // spec
  plan: 'Plan',
  status: 'Status',
  started: 'Started',
  renews: 'Renews',
  trialEnds: 'Trial ends',
  statusLabels: {
    trialing: 'Free trial',
    active: 'Active',
    past_due: 'Payment failed: Stripe is retrying',
    unpaid: 'Unpaid',
    canceled: 'Canceled',
    incomplete: 'Incomplete',
    incomplete_expired: 'Expired',
    paused: 'Paused',
  } as Record<string, string>,
  waitingForSubscription: 'Confirming your subscription…',
  openingPortal: 'Opening the billing portal…',
  newTabNote: '(opens in a new tab)',

  // Trial banner (spec section 2 and 4)
  freeTrialActive: 'Free Trial Active', // spec
  trialEndsOn: (date: string) => `Your free trial ends on ${date}.`,
  upgradeNow: 'Upgrade Now', // spec

  // Usage & Entitlements card
  usage: 'Usage & Entitlements', // spec
  uploadLimit: 'Monthly upload limit',
  cardPayments: 'Card payments',
  included: 'Included',
  notIncluded: 'Not included (Advanced plan)',
  earnings: 'Earnings',
  totalSales: 'Total sales',
  totalSalesNote: 'What customers paid and kept paid: refunds and lost disputes are taken off.', // ours
  totalOrders: 'Orders',
  totalPhotos: 'Photos',
} as const;
