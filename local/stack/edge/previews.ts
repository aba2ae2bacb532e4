/**
 * The `/previews/*` behaviour as CloudFront runs it (infra/constructs/previews-behavior.ts): the
 * viewer-request function first (it may answer at once), then the bucket, read as CloudFront with the
 * key the path names; when the bucket answers one of the origin group's failover statuses, the same
 * request goes to the API origin with its origin path and custom headers. Not modelled: CloudFront's
 * cache (every request reaches the bucket, which is what a cache miss does; a cache hit would reach
 * nothing at all), and the headers of CloudFront's own 4xx page.
 */
import type http from 'node:http';
import type { BucketAnswer } from './bucket-origin';
import type { ViewerRequestOutcome, ViewerRequest } from './cloudfront-function';

export interface PreviewsOrigin {
  /** The behaviour's path pattern without its `*`. */
  pathPrefix: string;
  viewerRequest?: (request: ViewerRequest) => ViewerRequestOutcome;
  readObject(key: string, method: 'GET' | 'HEAD'): Promise<BucketAnswer>;
  failoverStatuses: number[];
  fallback: { originPath: string; headers: Record<string, string> };
}

/** CloudFront's answer to a method a GET/HEAD behaviour does not allow. */
const METHOD_NOT_ALLOWED = 403;

export async function servePreview(
  origin: PreviewsOrigin,
  request: { method: string; url: URL; clientIp: string },
  res: http.ServerResponse,
  failover: (path: string, originHeaders: Record<string, string>) => void,
): Promise<void> {
  const method = request.method === 'HEAD' ? 'HEAD' : request.method === 'GET' ? 'GET' : undefined;
  if (!method) return void res.writeHead(METHOD_NOT_ALLOWED).end();
  let uri = request.url.pathname;
  if (origin.viewerRequest) {
    const outcome = origin.viewerRequest({
      method,
      uri,
      querystring: request.url.search.slice(1),
      clientIp: request.clientIp,
    });
    if (outcome.kind === 'response')
      return void res.writeHead(outcome.statusCode, outcome.statusDescription).end();
    uri = outcome.uri;
  }
  // The origin's key is the path without its leading slash, percent-decoded as S3 reads a path.
  const answer = await origin.readObject(decodeURIComponent(uri.slice(1)), method);
  if (origin.failoverStatuses.includes(answer.status))
    return failover(`${origin.fallback.originPath}${uri}`, origin.fallback.headers);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  res.end(method === 'HEAD' ? undefined : answer.body);
}
