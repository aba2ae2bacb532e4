/**
 * The legal pages /privacy, /cancellation-refund, /terms and /acceptable-use-policy (public document,
 * section 2): the content store's published page with the route's fixed slug, its title, last-updated
 * date and rich content, and its meta title, description and canonical URL.
 */
import { contentErrors } from '#shared/texts/errors';
import { formatDate } from '#shared/rules/dates';
import { PageHeading } from '../../components/page-heading';
import { RichText } from '../../components/rich-text';
import { usePageMeta } from '../../lib/seo/page-meta';
import { contentPageTexts as texts, legalPageTitles } from './texts';
import { fetchPage, type ContentPage } from './content-api';
import { ContentPageStatus } from './content-page-status';
import { useContentDocument } from './use-content-document';
import './content-pages.css';

interface LegalPageProps {
  slug: string;
  loadPage?: (slug: string) => Promise<ContentPage | null>;
}

export function LegalPage({ slug, loadPage = fetchPage }: LegalPageProps) {
  const state = useContentDocument(slug, loadPage);
  const page = state.status === 'ready' ? state.document : null;
  const fallbackTitle = legalPageTitles[slug] ?? slug;
  usePageMeta({
    title:
      state.status === 'not-found'
        ? contentErrors.pageNotFound
        : (page?.metaTitle ?? page?.title ?? fallbackTitle),
    description: page?.metaDescription ?? texts.legalDescription,
    ...(page?.canonicalUrl && { canonicalUrl: page.canonicalUrl }),
  });
  if (state.status !== 'ready') {
    return (
      <ContentPageStatus
        status={state.status}
        errorText={contentErrors.loadPage}
        notFoundText={contentErrors.pageNotFound}
        heading={fallbackTitle}
      />
    );
  }
  const { document: shown } = state;
  return (
    <article className="panel content-page legal-page">
      <header>
        <PageHeading>{shown.title}</PageHeading>
        {shown.lastUpdated && (
          <p className="content-page-meta">
            {texts.lastUpdated}:{' '}
            <time dateTime={shown.lastUpdated}>{formatDate(shown.lastUpdated, 'long', 'UTC')}</time>
          </p>
        )}
      </header>
      <RichText value={shown.content?.en} />
    </article>
  );
}
