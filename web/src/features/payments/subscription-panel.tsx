/**
 * The subscription panel of /manage-account and the dashboard's Subscription Status card: plan and
 * status with 'Manage Subscription' (the billing portal, in a new tab), or without a subscription
 * 'No active subscription' and 'View Pricing Plans'.
 */
import { Link } from 'react-router';
import type { User } from '#shared/schemas/user';
import { ErrorMessage } from '../../components/error-message';
import { paymentTexts as texts } from './texts';
import { sellerCommonTexts } from '../../lib/texts/seller-common';
import { SubscriptionDetails } from './subscription-details';
import { useBillingPortal } from './use-billing-portal';

function ManageSubscriptionButton() {
  const portal = useBillingPortal();
  return (
    <>
      <button type="button" className="button" onClick={portal.open} disabled={portal.opening}>
        {texts.manageSubscription}
      </button>{' '}
      <small>{portal.opening ? texts.openingPortal : texts.newTabNote}</small>
      <ErrorMessage message={portal.error} />
    </>
  );
}

export function NoSubscription() {
  return (
    <>
      <p className="notice">{texts.noSubscription}</p>
      <Link to="/pricing" className="button">
        {sellerCommonTexts.viewPricingPlans}
      </Link>
    </>
  );
}

export function SubscriptionPanel({ user, withDates = false }: { user: User; withDates?: boolean }) {
  const { subscription } = user;
  return (
    <article className="card" aria-labelledby="subscription-status-title">
      <h2 id="subscription-status-title">{texts.subscriptionStatus}</h2>
      {subscription.hasSubscription ? (
        <>
          <SubscriptionDetails subscription={subscription} withDates={withDates} />
          <ManageSubscriptionButton />
        </>
      ) : (
        <NoSubscription />
      )}
    </article>
  );
}
