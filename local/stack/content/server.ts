/**
 * Local content store stand-in: the Sanity query HTTP API and image CDN for the bundled dataset, so
 * the SPA's `@sanity/client` and `@sanity/image-url` work unchanged with `apiHost`/`baseUrl` pointed
 * here. Published documents only; read-only; no token. The answers come from the same content service
 * the content Lambda runs (functions/content/service.ts); this file only speaks HTTP and CORS.
 *
 * - `GET  /v{apiVersion}/data/query/{dataset}?query=...&$param=<JSON>` → `{ result, ms, query }`
 * - `POST /v{apiVersion}/data/query/{dataset}` with `{ query, params }` (long queries)
 * - `GET  /images/{projectId}/{dataset}/{id}-{W}x{H}.{ext}?w=&h=&fit=`
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import {
  contentError,
  createContentService,
  type ContentAnswer,
  type ContentService,
} from '../../../functions/content/service';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';
import { allowAnyOrigin } from '@shutterlane/aws-standins/http/cors';

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

const QUERY_PATH = /^\/(v[^/]+)\/data\/query\/([^/]+)$/;
const IMAGE_PATH = /^\/images\/([^/]+)\/([^/]+)\/([^/]+)$/;

function send(res: ServerResponse, answer: ContentAnswer): void {
  res.writeHead(answer.statusCode, answer.headers).end(answer.body);
}

async function answer(req: IncomingMessage, url: URL, service: ContentService): Promise<ContentAnswer> {
  const query = QUERY_PATH.exec(url.pathname);
  if (query && (req.method === 'GET' || req.method === 'POST')) {
    return service.query({
      apiVersion: query[1] ?? '',
      dataset: query[2] ?? '',
      method: req.method,
      search: url.searchParams,
      ...(req.method === 'POST' && { body: await text(req) }),
    });
  }
  const image = IMAGE_PATH.exec(url.pathname);
  if (image && req.method === 'GET') {
    return service.image({
      projectId: image[1] ?? '',
      dataset: image[2] ?? '',
      fileName: image[3] ?? '',
      search: url.searchParams,
    });
  }
  return contentError(404, 'Not found', 'notFound');
}

export async function startContentApi(options: ContentApiOptions): Promise<ContentApi> {
  const service = createContentService(options);
  const server = createServer((req, res) => {
    allowAnyOrigin(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://content.local');
    answer(req, url, service)
      .then((result) => send(res, result))
      .catch((error: unknown) => {
        // A bug in the stand-in or a broken dataset, not bad input: say so in the test output.
        console.error('content stand-in failed', error);
        if (!res.headersSent) send(res, contentError(500, 'Internal error', 'internalError'));
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
