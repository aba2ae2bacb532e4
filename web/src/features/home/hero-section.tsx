/** The home page's hero: headline, subline, the flag-driven call to action, app-store badges and the looping phone video. */
import { Link } from 'react-router';
import { AppStoreBadges } from '../../components/app-store-badges';
import { PageHeading } from '../../components/page-heading';
import { PhoneVideo } from '../../components/phone-media';
import type { CallToAction } from '../../config/feature-flags';
import { homeTexts as texts } from './texts';

export function HeroSection({ callToAction }: { callToAction: CallToAction }) {
  return (
    <section className="hero home-section home-hero" aria-labelledby="home-hero-heading">
      <div className="home-section-text">
        <PageHeading id="home-hero-heading">{texts.headline}</PageHeading>
        <p className="hero-subline">{texts.subline}</p>
        <Link className="button" to={callToAction.to}>
          {callToAction.label}
        </Link>
        <AppStoreBadges />
      </div>
      <div className="home-section-media">
        <PhoneVideo name="hero-phone" label={texts.heroVideoLabel} loop />
      </div>
    </section>
  );
}
