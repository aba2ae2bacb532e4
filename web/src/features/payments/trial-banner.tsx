/** The dashboard's free-trial banner: 'Free Trial Active', its end date and 'Upgrade Now' (billing portal). */
import { formatDate } from '#shared/rules/dates';
import type { User } from '#shared/schemas/user';
import { ErrorMessage } from '../../components/error-message';
import { paymentTexts as texts } from './texts';
import { useBillingPortal } from './use-billing-portal';

export function TrialBanner({ user }: { user: User }) {
  const portal = useBillingPortal();
  if (!user.subscription.isTrial) return null;
  return (
    <section className="notice trial-banner" aria-label={texts.freeTrialActive}>
      <strong>{texts.freeTrialActive}</strong>{' '}
      <span>{texts.trialEndsOn(formatDate(user.subscription.trialEndDate, 'long'))}</span>{' '}
      <button type="button" className="button" onClick={portal.open} disabled={portal.opening}>
        {texts.upgradeNow}
      </button>{' '}
      <small>{texts.newTabNote}</small>
      <ErrorMessage message={portal.error} />
    </section>
  );
}
