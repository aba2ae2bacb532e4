/**
 * Sanity's query endpoint semantics over an in-memory dataset with groq-js: GROQ parameters come as
 * `$name=<JSON>` search parameters (GET) or a `params` object (POST), the answer is
 * `{ result, ms, query }` and a query that does not parse is a 400 with Sanity's error shape.
 */
import { evaluate, parse } from 'groq-js';
import type { ContentDocument } from './dataset';

export class QueryError extends Error {
  constructor(
    message: string,
    readonly type: 'queryParseError' | 'httpBadRequest',
  ) {
    super(message);
  }
}

export interface QueryRequest {
  query: string;
  params: Record<string, unknown>;
  returnQuery: boolean;
}

/** Reads a GET query string: `query`, `$param` values as JSON, `returnQuery=false`. */
export function queryRequestFromSearch(search: URLSearchParams): QueryRequest {
  const query = search.get('query');
  if (query === null || query.trim() === '') {
    throw new QueryError('The "query" parameter is required', 'httpBadRequest');
  }
  const params: Record<string, unknown> = {};
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue;
    try {
      params[key.slice(1)] = JSON.parse(raw);
    } catch {
      throw new QueryError(`Parameter "${key}" is not valid JSON`, 'httpBadRequest');
    }
  }
  return { query, params, returnQuery: search.get('returnQuery') !== 'false' };
}

/** Reads a POST body `{ query, params }` (the client posts queries too long for a URL). */
export function queryRequestFromBody(body: unknown, search: URLSearchParams): QueryRequest {
  const { query, params } = (body ?? {}) as { query?: unknown; params?: unknown };
  if (typeof query !== 'string' || query.trim() === '') {
    throw new QueryError('The "query" field is required', 'httpBadRequest');
  }
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))) {
    throw new QueryError('"params" must be an object', 'httpBadRequest');
  }
  return {
    query,
    params: (params ?? {}) as Record<string, unknown>,
    returnQuery: search.get('returnQuery') !== 'false',
  };
}

export interface QueryAnswer {
  result: unknown;
  ms: number;
  query?: string;
}

export async function runQuery(dataset: ContentDocument[], request: QueryRequest): Promise<QueryAnswer> {
  const started = performance.now();
  let tree: ReturnType<typeof parse>;
  try {
    tree = parse(request.query, { params: request.params });
  } catch (error) {
    throw new QueryError((error as Error).message, 'queryParseError');
  }
  let result: unknown;
  try {
    result = await (await evaluate(tree, { dataset, params: request.params })).get();
  } catch (error) {
    // groq-js reports a missing parameter or a wrong argument while evaluating: still the caller's query.
    throw new QueryError((error as Error).message, 'queryParseError');
  }
  const ms = Math.round(performance.now() - started);
  return request.returnQuery ? { result, ms, query: request.query } : { result, ms };
}
