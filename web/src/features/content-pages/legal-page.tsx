/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function LegalPage({ slug }: { slug: string }) {
  return (
    <section className="panel">
      <PageHeading>{slug}</PageHeading>
    </section>
  );
}
