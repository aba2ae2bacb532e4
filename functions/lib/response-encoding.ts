/**
 * Gzip for large JSON answers. CloudFront compresses only what its cache policy caches, and the API's
 * caching is off, so without this every answer crosses the network as written: the seller's gallery,
 * polled every second while photos process, is some 30 KB of signed URLs for 50 photos (about 4 KB
 * gzipped). Small answers are sent as they are: compressing them saves little and costs a little CPU.
 */
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Answers shorter than this are not compressed. */
export const COMPRESS_MIN_BYTES = 4096;

/** Whether an Accept-Encoding header admits gzip (`gzip`, `*`, not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let admitted = false;
  for (const entry of header.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    // An explicit gzip entry decides over the wildcard.
    if (coding === 'gzip') return weight > 0;
    admitted = weight > 0;
  }
  return admitted;
}

/** The answer gzipped (base64, as API Gateway expects binary bodies) when it is large and the client accepts it. */
export function encodeForClient(
  result: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const body = result.body;
  if (result.isBase64Encoded || body === undefined || Buffer.byteLength(body) < COMPRESS_MIN_BYTES)
    return result;
  if (!acceptsGzip(acceptEncoding)) return result;
  return {
    ...result,
    headers: { ...result.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}
