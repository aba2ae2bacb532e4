/**
 * How every seller's connected account is made (docs/decisions.md, "Losses and the webhook's source"):
 * orders are direct charges on the seller's account, so refunds and lost disputes come out of the
 * seller's Stripe balance; when that balance goes negative and Stripe cannot recover it from the seller,
 * `losses.payments` says who pays. With `stripe`, Stripe does (Stripe's recommendation for direct
 * charges); the platform keeps only its application fee, as the seller-facing pages say. The seller pays
 * Stripe's processing fees (`fees.payer: account`), Stripe collects the seller's details when they are due
 * (`requirement_collection: stripe`), and the seller keeps the Express Dashboard, whose login links the
 * status page hands out.
 *
 * Accounts made before this (`type: express`) keep Stripe's Express defaults: fees and losses on the
 * platform. Stripe lets neither be changed after creation; the balance watch (functions/balance-watch)
 * tells the two apart in its log.
 */
import type { Stripe } from '../lib/stripe';

export const CONNECTED_ACCOUNT_CONTROLLER = {
  fees: { payer: 'account' },
  losses: { payments: 'stripe' },
  requirement_collection: 'stripe',
  stripe_dashboard: { type: 'express' },
} as const satisfies Stripe.AccountCreateParams.Controller;

/**
 * The API version the account is made with: Express accounts with Stripe's negative-balance liability
 * and Stripe-owned pricing are open in Accounts v1 from 2026-11-18.endive (Stripe's changelog), after
 * the version the installed SDK pins (2026-10-28.endive). Drop this once the SDK's version is at or past it.
 */
export const CONNECTED_ACCOUNT_API_VERSION = '2026-11-18.endive';
