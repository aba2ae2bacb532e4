/**
 * A seller whose connected account also takes Bacs Direct Debit (a delayed payment method: the session
 * completes unpaid and the bank settles it later), made as onboarding leaves one.
 */
import { createOnboardedAccount } from '@shutterlane/stripe-emulator/testing';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { stripeOf } from '../../integration/payments-helpers';
import { newSeller, type Seller } from '@shutterlane/harness/seller-tools-helpers';

export async function bacsSeller(env: TestStack): Promise<Seller> {
  const account = await createOnboardedAccount(stripeOf(env), 'bacs.seller@example.com', { bacsDebit: true });
  return newSeller(env, {
    stripeAccountId: account.id,
    chargesEnabled: true,
    onboardingCompleted: true,
    paymentAcceptanceEnabled: true,
  });
}
