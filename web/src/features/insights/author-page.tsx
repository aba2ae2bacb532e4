/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function AuthorPage() {
  return (
    <section className="panel">
      <PageHeading>Author</PageHeading>
    </section>
  );
}
