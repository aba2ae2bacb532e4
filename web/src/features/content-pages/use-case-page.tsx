/** /use-cases/{slug} (public document, section 2): a use case's title, description and body, or 'Not found'. */
import { useParams } from 'react-router';
import { contentErrors } from '../../../../shared/errors';
import { usePageMeta } from '../../lib/seo/page-meta';
import { contentPageTexts as texts } from '../../lib/texts/content-pages';
import { fetchUseCase, type UseCase } from './content-api';
import { ContentArticle } from './content-article';
import { ContentPageStatus } from './content-page-status';
import { useContentDocument } from './use-content-document';
import './content-pages.css';

export function UseCasePage({
  loadUseCase = fetchUseCase,
}: {
  loadUseCase?: (slug: string) => Promise<UseCase | null>;
}) {
  const { slug = '' } = useParams();
  const state = useContentDocument(slug, loadUseCase);
  const useCase = state.status === 'ready' ? state.document : null;
  usePageMeta({
    title: state.status === 'not-found' ? contentErrors.notFound : (useCase?.title ?? texts.useCaseTitle),
    description: useCase?.description ?? texts.useCaseDescription,
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
      className="use-case-page"
      title={shown.title}
      description={shown.description}
      body={shown.body}
    />
  );
}
