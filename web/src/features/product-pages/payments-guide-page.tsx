/** /how-payments-work: Stripe Connect onboarding, verification, card checkout, commission and payouts (spec sections 1 and 9). */
import { Link } from 'react-router';
import { PhoneVideo } from '../../components/phone-media';
import { featureFlags } from '../../config/feature-flags';
import { paymentsGuideTexts as texts } from './texts';
import { NumberedSteps, ProductPage, ProductSection } from './product-page';

/** A typical order of ours, for the worked commission example. */
const EXAMPLE_ORDER_TOTAL = 20;

export function HowPaymentsWorkPage() {
  return (
    <ProductPage
      title={texts.title}
      metaDescription={texts.metaDescription}
      intro={texts.intro}
      introExtras={
        <dl className="key-facts" aria-label={texts.factsLabel}>
          {texts.facts.map((fact) => (
            <div key={fact.title}>
              <dt>{fact.title}</dt>
              <dd>{fact.text}</dd>
            </div>
          ))}
        </dl>
      }
      media={<PhoneVideo name="payment" label={texts.videoLabel} />}
    >
      <ProductSection id="payment-steps" heading={texts.stepsHeading}>
        <NumberedSteps steps={texts.steps} />
      </ProductSection>
      <ProductSection id="fees" heading={texts.feesHeading}>
        <p>{texts.fees}</p>
        <p>{texts.feeExample(EXAMPLE_ORDER_TOTAL)}</p>
      </ProductSection>
      <ProductSection id="refunds" heading={texts.refundsHeading}>
        {texts.refunds.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </ProductSection>
      <ProductSection id="existing-account" heading={texts.existingAccountHeading}>
        <p>{texts.existingAccount}</p>
        <p>
          <Link to="/support">{texts.supportLink}</Link>
        </p>
      </ProductSection>
      <ProductSection id="plans" heading={texts.plansHeading}>
        <p>{texts.plans}</p>
        {featureFlags().pricing && (
          <p>
            <Link to="/pricing">{texts.pricingLink}</Link>
          </p>
        )}
      </ProductSection>
    </ProductPage>
  );
}
