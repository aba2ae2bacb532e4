/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function ArticlePage() {
  return (
    <section className="panel">
      <PageHeading>Article</PageHeading>
    </section>
  );
}
