/**
 * The seller's payment-acceptance state (account document, section 4) from what Stripe says about the
 * Connect account: no account or details not submitted → not_started; charges enabled → active;
 * overdue requirements or a rejection → restricted; otherwise Stripe is verifying → pending.
 */
import type { ConnectStatusValue } from '../schemas/connect';

export interface ConnectAccountState {
  hasAccount: boolean;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  disabledReason: string | null;
  pastDue: readonly string[];
}

export function connectStatusOf(account: ConnectAccountState): ConnectStatusValue {
  if (!account.hasAccount || !account.detailsSubmitted) return 'not_started';
  if (account.chargesEnabled) return 'active';
  const rejected = account.disabledReason?.startsWith('rejected') ?? false;
  if (rejected || account.pastDue.length > 0 || account.disabledReason === 'requirements.past_due') {
    return 'restricted';
  }
  return 'pending';
}
