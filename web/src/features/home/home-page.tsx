/** The home page's hero; the full marketing sections come later. */
import { PageHeading } from '../../components/page-heading';
import { homeTexts as texts } from '../../lib/texts/home';

export function HomePage() {
  return (
    <section className="hero">
      <PageHeading>{texts.headline}</PageHeading>
      <p className="hero-subline">{texts.subline}</p>
    </section>
  );
}
