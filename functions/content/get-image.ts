/** GET `/content/images/{projectId}/{dataset}/{file}?w=&h=`: a dataset image, resized when asked. */
import { routes } from '#shared/contract/routes';
import { contentHandler, contentService, searchOf } from './lambda';

export const handler = contentHandler(routes.contentImage.params, (params, event) =>
  contentService().image({
    projectId: params.projectId,
    dataset: params.dataset,
    fileName: params.file,
    search: searchOf(event),
    accept: event.headers?.accept,
  }),
);
