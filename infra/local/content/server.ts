/**
 * Local content store stand-in: the Sanity query HTTP API and image CDN for the bundled dataset, so
 * the SPA's `@sanity/client` and `@sanity/image-url` work unchanged with `apiHost`/`baseUrl` pointed
 * here. Published documents only; read-only; no token.
 *
 * - `GET  /v{apiVersion}/data/query/{dataset}?query=...&$param=<JSON>` → `{ result, ms, query }`
 * - `POST /v{apiVersion}/data/query/{dataset}` with `{ query, params }` (long queries)
 * - `GET  /images/{projectId}/{dataset}/{id}-{W}x{H}.{ext}?w=&h=&fit=`
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { closeServer, listenOn } from '../standins/ports';
import { loadDataset, type ContentDocument } from './dataset';
import { imageContentType, parseImageRequest, renderImage } from './images';
import { QueryError, queryRequestFromBody, queryRequestFromSearch, runQuery } from './query';

export interface ContentApiOptions {
  port: number;
  /** Folder with the `*.ndjson` files and an `images/` folder. */
  datasetDir: string;
  projectId: string;
  dataset: string;
  host?: string;
}

export interface ContentApi {
  url: string;
  port: number;
  projectId: string;
  dataset: string;
  stop(): Promise<void>;
}

const QUERY_PATH = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/data\/query\/([^/]+)$/;
const IMAGE_PATH = /^\/images\/([^/]+)\/([^/]+)\/([^/]+)$/;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
const sendError = (res: ServerResponse, status: number, description: string, type: string) =>
  sendJson(res, status, { error: { description, type } });

/** The content is public: any origin may read it, as from Sanity's CDN. */
function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'content-type',
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await text(req)) as unknown;
  } catch {
    throw new QueryError('Request body is not valid JSON', 'httpBadRequest');
  }
}

async function answerQuery(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  documents: ContentDocument[],
): Promise<void> {
  try {
    const request =
      req.method === 'POST'
        ? queryRequestFromBody(await readJson(req), url.searchParams)
        : queryRequestFromSearch(url.searchParams);
    sendJson(res, 200, await runQuery(documents, request));
  } catch (error) {
    if (error instanceof QueryError) sendError(res, 400, error.message, error.type);
    else throw error;
  }
}

async function answerImage(
  res: ServerResponse,
  url: URL,
  options: ContentApiOptions,
  match: RegExpExecArray,
) {
  const [, projectId, dataset, fileName] = match;
  const request = parseImageRequest(fileName ?? '', url.searchParams);
  if (projectId !== options.projectId || dataset !== options.dataset || !request) {
    sendError(res, 404, 'Image not found', 'notFound');
    return;
  }
  const bytes = await renderImage(path.join(options.datasetDir, 'images'), request);
  if (!bytes) {
    sendError(res, 404, 'Image not found', 'notFound');
    return;
  }
  res.writeHead(200, {
    'content-type': imageContentType(request.format),
    'cache-control': 'public, max-age=3600',
  });
  res.end(bytes);
}

export async function startContentApi(options: ContentApiOptions): Promise<ContentApi> {
  const documents = await loadDataset(options.datasetDir);
  const server = createServer((req, res) => {
    allowCrossOrigin(req, res);
    const url = new URL(req.url ?? '/', 'http://content.local');
    const handle = async () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const query = QUERY_PATH.exec(url.pathname);
      if (query && (req.method === 'GET' || req.method === 'POST')) {
        if (query[2] !== options.dataset) return sendError(res, 404, 'Dataset not found', 'notFound');
        return answerQuery(req, res, url, documents);
      }
      const image = IMAGE_PATH.exec(url.pathname);
      if (image && req.method === 'GET') return answerImage(res, url, options, image);
      sendError(res, 404, 'Not found', 'notFound');
    };
    handle().catch((error: unknown) => {
      // A bug in the stand-in, not bad input: say so in the test output and answer 500.
      console.error('content stand-in failed', error);
      if (!res.headersSent) sendError(res, 500, 'Internal error', 'internalError');
      else res.end();
    });
  });
  const port = await listenOn(server, options.port, 'Content API', 'CONTENT_PORT', options.host);
  return {
    url: `http://localhost:${port}`,
    port,
    projectId: options.projectId,
    dataset: options.dataset,
    stop: () => closeServer(server),
  };
}
