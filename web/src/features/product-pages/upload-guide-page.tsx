/** Placeholder while this page is built (issue 8). */
import { PageHeading } from '../../components/page-heading';

export function PhotoUploadGuidePage() {
  return (
    <section className="panel">
      <PageHeading>Photo Upload Guide</PageHeading>
    </section>
  );
}
