/** The Subscription Status card of the dashboard, and of /manage-account when payments give no panel. */
import { Link } from 'react-router';
import { formatDate } from '#shared/rules/dates';
import type { User } from '#shared/schemas/user';
import { accountTexts as texts } from './texts';

export function SubscriptionCard(props: { subscription: User['subscription']; showEndDate?: boolean }) {
  const { subscription } = props;
  return (
    <article className="card">
      <h2>{texts.subscriptionStatus}</h2>
      {subscription.hasSubscription ? (
        <dl>
          <dt>{texts.plan}</dt>
          <dd>{subscription.plan ?? ''}</dd>
          <dt>{texts.status}</dt>
          <dd>{subscription.status ?? ''}</dd>
          {props.showEndDate && (
            <>
              <dt>{texts.ends}</dt>
              <dd>{formatDate(subscription.endDate)}</dd>
            </>
          )}
        </dl>
      ) : (
        <>
          <p className="notice">{texts.noSubscription}</p>
          <Link to="/pricing" className="button">
            {texts.viewPricingPlans}
          </Link>
        </>
      )}
    </article>
  );
}
