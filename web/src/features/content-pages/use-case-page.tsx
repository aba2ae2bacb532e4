/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function UseCasePage() {
  return (
    <section className="panel">
      <PageHeading>Use case</PageHeading>
    </section>
  );
}
