/**
 * A content-store document page by slug (use cases and events, public document section 2): loading,
 * 'Failed to load page.', 'Not found', or the document's title, description and body.
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { contentErrors } from '#shared/texts/errors';
import { usePageMeta } from '../../lib/seo/page-meta';
import type { UseCase } from './content-api';
import { ContentArticle } from './content-article';
import { ContentPageStatus } from './content-page-status';
import { useContentDocument } from './use-content-document';
import './content-pages.css';

export interface ContentDocumentPageProps<T extends UseCase> {
  load: (slug: string) => Promise<T | null>;
  className: string;
  /** Title and description of the page while the document loads. */
  placeholder: { title: string; description: string };
  /** A line under the title (an event's date). */
  meta?: (document: T) => ReactNode;
}

export function ContentDocumentPage<T extends UseCase>(props: ContentDocumentPageProps<T>) {
  const { slug = '' } = useParams();
  const state = useContentDocument(slug, props.load);
  const loaded = state.status === 'ready' ? state.document : null;
  usePageMeta({
    title: state.status === 'not-found' ? contentErrors.notFound : (loaded?.title ?? props.placeholder.title),
    description: loaded?.description ?? props.placeholder.description,
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
  const shown = state.document;
  return (
    <ContentArticle
      className={props.className}
      title={shown.title}
      meta={props.meta?.(shown)}
      description={shown.description}
      body={shown.body}
    />
  );
}
