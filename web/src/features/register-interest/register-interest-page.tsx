/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function RegisterInterestPage() {
  return (
    <section className="panel">
      <PageHeading>Register Interest</PageHeading>
    </section>
  );
}
