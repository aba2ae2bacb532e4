import * as z from 'zod/mini';

/**
 * The content API's routes (the Sanity query HTTP API and image CDN over the bundled dataset). Only
 * the path is a contract of ours: the query string, the POST body and the answers are Sanity's, read
 * and written by functions/content so errors keep Sanity's shape (`{ error: { description, type } }`).
 */
const Segment = z.string().check(z.minLength(1), z.maxLength(200));

/** `/content/v2024-01-01/data/query/production`: the version as the client sends it, with its `v`. */
export const ContentQueryParams = z.object({ apiVersion: Segment, dataset: Segment });

/** `/content/images/{projectId}/{dataset}/{id}-{W}x{H}.{ext}`, as @sanity/image-url builds it. */
export const ContentImageParams = z.object({ projectId: Segment, dataset: Segment, file: Segment });

/** Sanity's query answer; `query` is left out when the client asks `returnQuery=false`. */
export const ContentQueryResponse = z.object({
  result: z.unknown(),
  ms: z.number(),
  query: z.optional(z.string()),
});
