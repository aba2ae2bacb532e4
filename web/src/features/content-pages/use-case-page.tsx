/** /use-cases/{slug} (public document, section 2): a use case's title, description and body, or 'Not found'. */
import { contentPageTexts as texts } from './texts';
import { fetchUseCase, type UseCase } from './content-api';
import { ContentDocumentPage } from './content-document-page';

export function UseCasePage({
  loadUseCase = fetchUseCase,
}: {
  loadUseCase?: (slug: string) => Promise<UseCase | null>;
}) {
  return (
    <ContentDocumentPage
      load={loadUseCase}
      className="use-case-page"
      placeholder={{ title: texts.useCaseTitle, description: texts.useCaseDescription }}
    />
  );
}
