/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function GrowthAnalyticsPage() {
  return (
    <section className="panel">
      <PageHeading>Growth Analytics</PageHeading>
    </section>
  );
}
