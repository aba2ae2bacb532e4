/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function HowPaymentsWorkPage() {
  return (
    <section className="panel">
      <PageHeading>How Payments Work</PageHeading>
    </section>
  );
}
