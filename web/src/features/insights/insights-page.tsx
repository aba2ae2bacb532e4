/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function InsightsPage() {
  return (
    <section className="panel">
      <PageHeading>Insights</PageHeading>
    </section>
  );
}
