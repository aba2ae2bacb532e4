/**
 * The home page (spec section 2), sections in the spec's order: hero, photo upload, share by QR,
 * 'Deliver instantly', 'Make getting paid a breeze' with its carousel, the team section, 'Track your
 * growth', the business-type cards and the FAQ.
 */
import { PhoneScreenshot, PhoneVideo } from '../../components/phone-media';
import { featureFlags, primaryCallToAction } from '../../config/feature-flags';
import { homeSectionTexts as sections, homeTexts as texts } from './texts';
import { usePageMeta } from '../../lib/seo/page-meta';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { BusinessTypes } from './business-types';
import { FeatureSection } from './feature-section';
import { HeroSection } from './hero-section';
import { HomeFaq } from './home-faq';
import { PaymentCarousel } from './payment-carousel';
import './home.css';

export function HomePage() {
  usePageMeta({ title: 'Shutterlane', description: texts.metaDescription });
  const flags = featureFlags();
  const callToAction = primaryCallToAction(flags);
  // The hero is the first screen and its video's poster the largest paint: the sections below the fold
  // render once it has painted, not before it (docs/decisions.md, "First paint").
  const belowTheFold = useAfterFirstPaint();
  return (
    <div className="home-page">
      <HeroSection callToAction={callToAction} />
      {belowTheFold && <HomeSections flags={flags} callToAction={callToAction} />}
    </div>
  );
}

/** Everything below the hero, in the spec's order. */
function HomeSections({
  flags,
  callToAction,
}: {
  flags: ReturnType<typeof featureFlags>;
  callToAction: ReturnType<typeof primaryCallToAction>;
}) {
  return (
    <>
      <FeatureSection
        id="home-upload"
        heading={sections.upload.heading}
        body={sections.upload.body}
        action={{ to: '/photo-upload-guide', label: sections.upload.button }}
        media={<PhoneScreenshot name="upload-screen" alt={sections.upload.imageAlt} />}
        mediaFirst
      />
      <FeatureSection
        id="home-qr"
        heading={sections.qr.heading}
        body={sections.qr.body}
        action={callToAction}
        media={<PhoneVideo name="qr-share" label={sections.qr.videoLabel} />}
      />
      <FeatureSection
        id="home-deliver"
        heading={sections.deliver.heading}
        body={sections.deliver.body}
        // /app exists only while the features flag is on.
        action={flags.features ? { to: '/app', label: sections.deliver.button } : undefined}
        media={<PhoneScreenshot name="delivery-screen" alt={sections.deliver.imageAlt} />}
        mediaFirst
      />
      <FeatureSection
        id="home-payments"
        heading={sections.payments.heading}
        body={sections.payments.body}
        action={{ to: '/how-payments-work', label: sections.payments.button }}
        media={<PaymentCarousel />}
      />
      <FeatureSection
        id="home-team"
        heading={sections.team.heading}
        body={sections.team.body}
        media={<PhoneScreenshot name="team-screen" alt={sections.team.imageAlt} />}
        mediaFirst
      />
      <FeatureSection
        id="home-growth"
        heading={sections.growth.heading}
        body={sections.growth.body}
        action={{ to: '/growth-analytics', label: sections.growth.button }}
        media={<PhoneScreenshot name="dashboard-screen" alt={sections.growth.imageAlt} />}
      />
      <BusinessTypes />
      <HomeFaq />
    </>
  );
}
