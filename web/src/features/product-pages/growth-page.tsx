/** /growth-analytics: the earnings dashboard and what it tracks. */
import { Link } from 'react-router';
import { PhoneScreenshot } from '../../components/phone-media';
import { growthTexts as texts } from './texts';
import { InfoCards, ProductPage, ProductSection } from './product-page';

export function GrowthAnalyticsPage() {
  return (
    <ProductPage
      title={texts.title}
      metaDescription={texts.metaDescription}
      intro={texts.intro}
      media={<PhoneScreenshot name="dashboard-screen" alt={texts.imageAlt} />}
    >
      <ProductSection id="tracks" heading={texts.tracksHeading}>
        <InfoCards items={texts.tracks} />
      </ProductSection>
      <ProductSection id="grow" heading={texts.growHeading}>
        <ul className="product-bullets">
          {texts.grow.map((idea) => (
            <li key={idea}>{idea}</li>
          ))}
        </ul>
        <p>
          <Link to="/how-payments-work">{texts.paymentsLink}</Link>
        </p>
      </ProductSection>
    </ProductPage>
  );
}
