/** The content API: its query string, POST body and errors are Sanity's (functions/content reads them). */
import { ContentImageParams, ContentQueryParams, ContentQueryResponse } from '../../schemas/content-api';
import { route } from '../route-def';

export const contentRoutes = {
  contentQuery: route({
    method: 'GET',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    errors: [],
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  contentQueryPost: route({
    method: 'POST',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    errors: [],
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  /** Answers image bytes, not JSON. */
  contentImage: route({
    method: 'GET',
    path: '/content/images/{projectId}/{dataset}/{file}',
    caller: 'public',
    group: 'content',
    errors: [],
    params: ContentImageParams,
    response: null,
  }),
} as const;
