/** The content API: its query string, POST body and errors are Sanity's (functions/content reads them). */
import { ContentImageParams, ContentQueryParams, ContentQueryResponse } from '../../schemas/content-api';
import { anyText, sanityAnswer } from '../error-answers';
import { route } from '../route-def';

/**
 * Sanity's error bodies: 400 for a query or parameter it cannot run (the parser's own words), 404 for
 * another dataset; the group function's 404 for a path its schema refuses.
 */
const QUERY_REFUSED = [
  sanityAnswer(400, anyText),
  sanityAnswer(404, 'Dataset not found'),
  sanityAnswer(404, 'Not found'),
] as const;

export const contentRoutes = {
  contentQuery: route({
    method: 'GET',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    errors: [...QUERY_REFUSED],
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  contentQueryPost: route({
    method: 'POST',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    errors: [...QUERY_REFUSED],
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  /** Answers image bytes, not JSON. */
  contentImage: route({
    method: 'GET',
    path: '/content/images/{projectId}/{dataset}/{file}',
    caller: 'public',
    group: 'content',
    errors: [
      sanityAnswer(400, anyText),
      sanityAnswer(404, 'Not found'),
      sanityAnswer(404, 'Image not found'),
    ],
    params: ContentImageParams,
    response: null,
  }),
} as const;
