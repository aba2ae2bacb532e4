/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function FeaturesPage() {
  return (
    <section className="panel">
      <PageHeading>App &amp; Features</PageHeading>
    </section>
  );
}
