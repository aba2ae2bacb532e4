/** /photo-upload-guide: the four upload steps of the spec (transfer, create event, quality, select). */
import { Link } from 'react-router';
import { PhoneScreenshot } from '../../components/phone-media';
import { uploadGuideTexts as texts } from './texts';
import { NumberedSteps, ProductPage, ProductSection } from './product-page';

export function PhotoUploadGuidePage() {
  return (
    <ProductPage
      title={texts.title}
      metaDescription={texts.metaDescription}
      intro={texts.intro}
      media={<PhoneScreenshot name="upload-screen" alt={texts.imageAlt} />}
    >
      <ProductSection id="upload-steps" heading={texts.stepsHeading}>
        <NumberedSteps steps={texts.steps} />
        <p className="product-tip">{texts.tip}</p>
      </ProductSection>
      <ProductSection id="upload-next" heading={texts.nextHeading}>
        <p>{texts.next}</p>
        <p>
          <Link to="/how-payments-work">{texts.paymentsLink}</Link>
        </p>
      </ProductSection>
    </ProductPage>
  );
}
