/**
 * The dashboard's Usage & Entitlements card: this period's uploads over the plan's limit (the usage
 * bar, capped at 100%), whether card payments are included, and the earnings (net of refunds and lost
 * disputes, as the server counts them) with the fee and payout timing a seller needs to know.
 */
import { CURRENCY_SYMBOL_GBP } from '#shared/rules/constants';
import type { User } from '#shared/schemas/user';
import { UsageBar } from '../../components/usage-bar';
import { paymentTexts as texts } from './texts';

export function UsageCard({ user }: { user: User }) {
  const { entitlements, analytics } = user;
  return (
    <article className="card" aria-labelledby="usage-title">
      <h2 id="usage-title">{texts.usage}</h2>
      <UsageBar used={entitlements.currentMonthUploads} limit={entitlements.monthlyPhotoUploadLimit} />
      <dl>
        <dt>{texts.uploadLimit}</dt>
        <dd>{entitlements.monthlyPhotoUploadLimit.toLocaleString('en-GB')}</dd>
        <dt>{texts.cardPayments}</dt>
        <dd>{entitlements.paymentAcceptanceEnabled ? texts.included : texts.notIncluded}</dd>
      </dl>
      {analytics && (
        <>
          <h3>{texts.earnings}</h3>
          <dl>
            <dt>{texts.totalSales}</dt>
            <dd>
              {CURRENCY_SYMBOL_GBP}
              {analytics.totalSales.toFixed(2)}
            </dd>
            <dt>{texts.totalOrders}</dt>
            <dd>{analytics.totalOrderCount}</dd>
            <dt>{texts.totalPhotos}</dt>
            <dd>{analytics.totalPhotoCount}</dd>
          </dl>
        </>
      )}
      <p>
        <small>{texts.totalSalesNote}</small>
      </p>
      <p>
        <small>{texts.feeAndPayout}</small>
      </p>
    </article>
  );
}
