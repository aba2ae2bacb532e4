/**
 * A direct charge (a Checkout Session made with the `Stripe-Account` header) needs the connected
 * account to take card payments: the `card_payments` capability active and charges enabled, with
 * Stripe's messages otherwise.
 */
import type { EmulatorContext } from '../context';
import { StripeApiError } from '../errors';

const cannotCharge = (message: string) => new StripeApiError(400, 'invalid_request_error', message);

export const requireCanTakeCharges = (ctx: EmulatorContext, accountId: string): void => {
  const account = ctx.state.accounts[accountId];
  if (account?.capabilities.card_payments !== 'active') {
    throw cannotCharge(
      'You cannot create a charge on a connected account without the `card_payments` capability enabled.',
    );
  }
  if (!account.charges_enabled) {
    throw cannotCharge(
      'This Connect account cannot currently make live charges. The `requirements.disabled_reason` property on the account will provide information about why this account is currently disabled. If you are a customer trying to make a purchase, please contact the owner of this site. Your transaction has not been processed.',
    );
  }
};
