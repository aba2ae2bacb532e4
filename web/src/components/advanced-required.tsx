/**
 * 'Advanced Subscription Required': what the payment cards (dashboard, payments page) show a seller
 * whose plan has no card payments, with the way to the plans.
 */
import { Link } from 'react-router';
import { sellerCommonTexts as texts } from '../lib/texts/seller-common';

export function AdvancedRequired() {
  return (
    <div className="notice">
      <p>
        <strong>{texts.advancedRequired}</strong>
      </p>
      <p>{texts.advancedRequiredText}</p>
      <Link to="/pricing" className="button">
        {texts.viewPricingPlans}
      </Link>
    </div>
  );
}
