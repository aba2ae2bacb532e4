/**
 * The set-up the emulator's payment tests share: an emulator for the file and one seller account
 * onboarded through the hosted page, on Shutterlane's payout schedule.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import {
  createOnboardedAccount,
  SHUTTERLANE_PAYOUTS,
  startTestEmulator,
  type OnboardedAccountOptions,
  type TestEmulator,
} from '../testing';

export interface SellerSuite {
  /** Set in beforeAll. */
  t: TestEmulator;
  seller: Stripe.Account;
  /** Request options for calls made on the seller's account (direct charges). */
  asSeller(): Stripe.RequestOptions;
}

export function sellerSuite(options: Omit<OnboardedAccountOptions, 'payoutSchedule'> = {}): SellerSuite {
  const suite = { asSeller: () => ({ stripeAccount: suite.seller.id }) } as SellerSuite;
  beforeAll(async () => {
    suite.t = await startTestEmulator();
    suite.seller = await createOnboardedAccount(suite.t.stripe, 'seller@example.com', {
      ...options,
      payoutSchedule: SHUTTERLANE_PAYOUTS,
    });
  });
  afterAll(() => suite.t.stop());
  return suite;
}
