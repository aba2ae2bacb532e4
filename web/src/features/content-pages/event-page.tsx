/** /events/{slug} (public document, section 2): an event's title, date, description and body, or 'Not found'. */
import { useParams } from 'react-router';
import { contentErrors } from '../../../../shared/errors';
import { formatDate } from '../../../../shared/rules/dates';
import { usePageMeta } from '../../lib/seo/page-meta';
import { contentPageTexts as texts } from '../../lib/texts/content-pages';
import { fetchEvent, type ContentEvent } from './content-api';
import { ContentArticle } from './content-article';
import { ContentPageStatus } from './content-page-status';
import { useContentDocument } from './use-content-document';
import './content-pages.css';

function EventDate({ date }: { date: string }) {
  return (
    <p className="content-page-meta">
      {/* Dates are calendar days ('2026-11-18'): formatted in UTC so no time zone moves them a day. */}
      {texts.eventDate}: <time dateTime={date}>{formatDate(date, 'long', 'UTC')}</time>
    </p>
  );
}

export function EventPage({
  loadEvent = fetchEvent,
}: {
  loadEvent?: (slug: string) => Promise<ContentEvent | null>;
}) {
  const { slug = '' } = useParams();
  const state = useContentDocument(slug, loadEvent);
  const event = state.status === 'ready' ? state.document : null;
  usePageMeta({
    title: state.status === 'not-found' ? contentErrors.notFound : (event?.title ?? texts.eventTitle),
    description: event?.description ?? texts.eventDescription,
  });
  if (state.status !== 'ready') {
    return (
      <ContentPageStatus
        status={state.status}
        errorText={contentErrors.loadPage}
        notFoundText={contentErrors.notFound}
      />
    );
  }
  const { document: shown } = state;
  return (
    <ContentArticle
      className="event-page"
      title={shown.title}
      meta={shown.date ? <EventDate date={shown.date} /> : undefined}
      description={shown.description}
      body={shown.body}
    />
  );
}
