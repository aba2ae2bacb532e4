/** Texts of /pricing, its plan cards and its pricing-table path (ours: the spec shows none). */
import { CURRENCY_SYMBOL_GBP, PAYOUT_DELAY_DAYS, PLATFORM_FEE_PERCENT } from '#shared/rules/constants';

const pounds = (minor: number) => `${CURRENCY_SYMBOL_GBP}${(minor / 100).toFixed(2)}`;

export const pricingTexts = {
  // /pricing
  pricingTitle: 'Pricing',
  pricingDescription:
    'Shutterlane plans for photographers: monthly, rolling, with a free trial. Customers pay by card; we keep 5% per sale.', // ours
  customTitle: 'Need something custom?',
  customText: 'Running several venues, a large team or very high volumes? Tell us what you need.', // ours
  contactSales: 'Contact Sales',
  pricingIntro:
    'Monthly, rolling plans: upgrade any time (it applies at once), downgrade at the next billing period, cancel whenever you like.',
  perMonth: (minor: number) => `${pounds(minor)} / month`,
  freeTrial: (days: number) => `${days}-day free trial on your first subscription`,
  startTrial: (name: string) => `Start free trial of ${name}`,
  switchPlan: (name: string) => `Switch to ${name}`,
  currentPlan: 'Your current plan',
  signInToChoose: 'Sign in to choose a plan',
  signInPrompt: 'Sign in or create an account with your invitation code to subscribe.',
  redirecting: 'Taking you to secure checkout…',
  feeNote: `Card payments: ${PLATFORM_FEE_PERCENT}% per successful transaction plus payment-provider fees; payouts ${PAYOUT_DELAY_DAYS} days after the customer pays.`,

  // The pricing-table path
  loadingPlans: 'Loading plans…', // ours
} as const;
