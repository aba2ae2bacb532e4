/** Plan, status and dates of a subscription, shared by the dashboard card and the manage-account panel. */
import { formatDate } from '#shared/rules/dates';
import { PLANS, isPlanId } from '#shared/rules/plans';
import type { User } from '#shared/schemas/user';
import { paymentTexts as texts } from './texts';

export const planName = (plan: string | undefined) => (isPlanId(plan) ? PLANS[plan].name : (plan ?? ''));
export const statusLabel = (status: string | undefined) =>
  status === undefined ? '' : (texts.statusLabels[status] ?? status);

export function SubscriptionDetails({
  subscription,
  withDates = true,
}: {
  subscription: User['subscription'];
  withDates?: boolean;
}) {
  return (
    <dl>
      <dt>{texts.plan}</dt>
      <dd>{planName(subscription.plan)}</dd>
      <dt>{texts.status}</dt>
      <dd>{statusLabel(subscription.status)}</dd>
      {withDates && (
        <>
          <dt>{texts.started}</dt>
          <dd>{formatDate(subscription.startDate, 'long')}</dd>
          <dt>{subscription.isTrial ? texts.trialEnds : texts.renews}</dt>
          <dd>
            {formatDate(subscription.isTrial ? subscription.trialEndDate : subscription.endDate, 'long')}
          </dd>
        </>
      )}
    </dl>
  );
}
