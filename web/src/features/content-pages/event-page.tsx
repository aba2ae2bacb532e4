/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function EventPage() {
  return (
    <section className="panel">
      <PageHeading>Event</PageHeading>
    </section>
  );
}
