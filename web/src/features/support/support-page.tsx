/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function SupportPage() {
  return (
    <section className="panel">
      <PageHeading>Support Center</PageHeading>
    </section>
  );
}
