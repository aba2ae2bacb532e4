/** /events/{slug} (public document, section 2): an event's title, date, description and body, or 'Not found'. */
import { formatDate } from '#shared/rules/dates';
import { contentPageTexts as texts } from './texts';
import { fetchEvent, type ContentEvent } from './content-api';
import { ContentDocumentPage } from './content-document-page';

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
  return (
    <ContentDocumentPage
      load={loadEvent}
      className="event-page"
      placeholder={{ title: texts.eventTitle, description: texts.eventDescription }}
      meta={(event) => (event.date ? <EventDate date={event.date} /> : undefined)}
    />
  );
}
