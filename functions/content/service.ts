/**
 * The content API over the bundled dataset, free of any HTTP framework: the content Lambda and the
 * local content stand-in both call it and only translate its answers, so they run the same code.
 *
 * Answers follow Sanity's HTTP API: `{ result, ms, query }` for a query; errors as
 * `{ error: { description, type } }` with 400 for a bad query or parameter and 404 for an unknown
 * dataset, project or image. Bad input never throws: only a broken dataset does.
 */
import path from 'node:path';
import { loadDataset, type ContentDocument } from './dataset';
import { imageContentType, parseImageRequest, renderImage } from './images';
import { QueryError, queryRequestFromBody, queryRequestFromSearch, runQuery } from './query';

export interface ContentStore {
  /** Folder with the `*.ndjson` files and an `images/` folder. */
  datasetDir: string;
  /** The project id image URLs carry; any Sanity-style name works, the SPA is built with the same. */
  projectId: string;
  /** The one dataset this store answers for. */
  dataset: string;
}

export interface ContentAnswer {
  statusCode: number;
  headers: Record<string, string>;
  /** JSON text, or the bytes of an image. */
  body: string | Buffer;
}

export interface QueryInput {
  /** The path segment as the client sends it: `v2024-01-01`, `v1` or `vX`. */
  apiVersion: string;
  dataset: string;
  method: 'GET' | 'POST';
  search: URLSearchParams;
  /** The raw POST body (JSON text). */
  body?: string;
}

export interface ImageInput {
  projectId: string;
  dataset: string;
  fileName: string;
  search: URLSearchParams;
  /** The browser's Accept header: `auto=format` answers WebP where it is accepted. */
  accept?: string;
}

/**
 * Content changes only with a deploy, so answers may be cached by browsers and CloudFront. Queries
 * briefly (a new deploy shows within minutes), images longer (an asset's file name names its size).
 */
export const CACHE_CONTROL = {
  query: 'public, max-age=300',
  image: 'public, max-age=86400',
  error: 'no-store',
} as const;

/** API Gateway answers at most 6 MB from Lambda, and base64 adds a third. */
export const MAX_IMAGE_BYTES = 4_000_000;

const API_VERSION = /^v(\d{4}-\d{2}-\d{2}|1|X)$/;

const json = (statusCode: number, body: unknown, cacheControl: string): ContentAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': cacheControl },
  body: JSON.stringify(body),
});

/** Sanity's error body. */
export const contentError = (statusCode: number, description: string, type: string): ContentAnswer =>
  json(statusCode, { error: { description, type } }, CACHE_CONTROL.error);

const notFound = (description: string) => contentError(404, description, 'notFound');

function readJson(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '') as unknown;
  } catch {
    throw new QueryError('Request body is not valid JSON', 'httpBadRequest');
  }
}

export interface ContentService {
  query(input: QueryInput): Promise<ContentAnswer>;
  image(input: ImageInput): Promise<ContentAnswer>;
}

export function createContentService(store: ContentStore): ContentService {
  // Read once per process (a Lambda container, the local server) on the first query.
  let documents: Promise<ContentDocument[]> | undefined;
  const published = () => (documents ??= loadDataset(store.datasetDir));

  async function query(input: QueryInput): Promise<ContentAnswer> {
    if (!API_VERSION.test(input.apiVersion)) {
      return contentError(400, `Invalid API version "${input.apiVersion}"`, 'httpBadRequest');
    }
    if (input.dataset !== store.dataset) return notFound('Dataset not found');
    try {
      const request =
        input.method === 'POST'
          ? queryRequestFromBody(readJson(input.body), input.search)
          : queryRequestFromSearch(input.search);
      return json(200, await runQuery(await published(), request), CACHE_CONTROL.query);
    } catch (error) {
      if (error instanceof QueryError) return contentError(400, error.message, error.type);
      throw error;
    }
  }

  async function image(input: ImageInput): Promise<ContentAnswer> {
    const request = parseImageRequest(input.fileName, input.search, input.accept);
    if (input.projectId !== store.projectId || input.dataset !== store.dataset || !request) {
      return notFound('Image not found');
    }
    const bytes = await renderImage(path.join(store.datasetDir, 'images'), request);
    if (!bytes) return notFound('Image not found');
    if (bytes.length > MAX_IMAGE_BYTES) {
      return contentError(
        400,
        'The image is too large at this size; ask for a smaller w or h',
        'httpBadRequest',
      );
    }
    return {
      statusCode: 200,
      headers: {
        'content-type': imageContentType(request.format),
        'cache-control': CACHE_CONTROL.image,
        ...(request.variesOnAccept && { vary: 'Accept' }),
      },
      body: bytes,
    };
  }

  return { query, image };
}
