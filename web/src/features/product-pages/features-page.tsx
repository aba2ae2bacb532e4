/**
 * /features and /app: the app-store badges (or, without store listings, how to install the seller app from
 * the browser) and the feature cards, with what is coming soon.
 */
import { Link } from 'react-router';
import { AppStoreBadges, storeBadgesShown } from '../../components/app-store-badges';
import { PhoneVideo } from '../../components/phone-media';
import { featureFlags, primaryCallToAction } from '../../config/feature-flags';
import { featuresTexts as texts } from './texts';
import { InfoCards, ProductPage, ProductSection } from './product-page';

export function FeaturesPage() {
  const callToAction = primaryCallToAction(featureFlags());
  return (
    <ProductPage
      title={texts.title}
      metaDescription={texts.metaDescription}
      intro={texts.intro}
      introExtras={
        <>
          <AppStoreBadges />
          <Link className="button" to={callToAction.to}>
            {callToAction.label}
          </Link>
        </>
      }
      media={<PhoneVideo name="hero-phone" label={texts.videoLabel} loop />}
    >
      <ProductSection id="features" heading={texts.featuresHeading}>
        <InfoCards items={texts.features} />
      </ProductSection>
      {!storeBadgesShown() && (
        <ProductSection id="install" heading={texts.installHeading}>
          <p>{texts.install}</p>
          <InfoCards items={texts.installSteps} />
          <p>{texts.installNote}</p>
        </ProductSection>
      )}
      {texts.comingSoon.length > 0 && (
        <ProductSection id="coming-soon" heading={texts.comingSoonHeading}>
          <InfoCards items={texts.comingSoon} badge={texts.comingSoonBadge} />
        </ProductSection>
      )}
      <ProductSection id="learn-more" heading={texts.moreHeading}>
        <ul className="product-links">
          <li>
            <Link to="/photo-upload-guide">{texts.links.upload}</Link>
          </li>
          <li>
            <Link to="/how-payments-work">{texts.links.payments}</Link>
          </li>
          <li>
            <Link to="/growth-analytics">{texts.links.growth}</Link>
          </li>
        </ul>
      </ProductSection>
    </ProductPage>
  );
}
