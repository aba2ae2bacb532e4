/** GET and POST `/content/{apiVersion}/data/query/{dataset}`: a GROQ query over the published documents. */
import { routes } from '#shared/contract/routes';
import { bodyOf, contentHandler, contentService, searchOf } from './lambda';

export const handler = contentHandler(routes.contentQuery.params, (params, event) =>
  contentService().query({
    apiVersion: params.apiVersion,
    dataset: params.dataset,
    method: event.requestContext.http.method === 'POST' ? 'POST' : 'GET',
    search: searchOf(event),
    body: bodyOf(event),
  }),
);
