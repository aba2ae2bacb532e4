/** The home page: the hero and the FAQ section; the other marketing sections come later. */
import { PageHeading } from '../../components/page-heading';
import { homeTexts as texts } from '../../lib/texts/home';
import { HomeFaq } from './home-faq';

export function HomePage() {
  return (
    <>
      <section className="hero">
        <PageHeading>{texts.headline}</PageHeading>
        <p className="hero-subline">{texts.subline}</p>
      </section>
      <HomeFaq />
    </>
  );
}
