/**
 * Composes the payments feature into the account pages: the dashboard gets the trial banner and the
 * Subscription Status, Payment Acceptance and Usage & Entitlements cards, and the earnings over time; /manage-account gets the
 * subscription panel. Features never import each other; the app fills their slots.
 */
import { DashboardPage } from '../features/account/dashboard-page';
import { EarningsCard } from '../features/earnings/earnings-card';
import { ManageAccountPage } from '../features/account/manage-account-page';
import { PaymentAcceptanceCard } from '../features/payments/payment-acceptance-card';
import { SubscriptionPanel } from '../features/payments/subscription-panel';
import { SubscriptionStatusCard } from '../features/payments/subscription-status-card';
import { TrialBanner } from '../features/payments/trial-banner';
import { UsageCard } from '../features/payments/usage-card';
import { useAuth } from '../lib/auth/auth-store';

export function DashboardWithPayments() {
  const { user } = useAuth();
  if (!user) return <DashboardPage />;
  return (
    <DashboardPage
      trialBanner={<TrialBanner user={user} />}
      subscriptionCard={<SubscriptionStatusCard user={user} />}
      paymentCard={<PaymentAcceptanceCard user={user} />}
      usageCard={<UsageCard user={user} />}
      earningsCard={<EarningsCard />}
    />
  );
}

export function ManageAccountWithPayments() {
  const { user } = useAuth();
  if (!user) return <ManageAccountPage />;
  return <ManageAccountPage subscriptionPanel={<SubscriptionPanel user={user} />} />;
}
