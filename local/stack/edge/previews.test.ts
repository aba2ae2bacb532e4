import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { viewerRequestFunction } from './cloudfront-function';
import type { BucketAnswer } from './bucket-origin';
import { servePreview, type PreviewsOrigin } from './previews';

const PATH = '/previews/pub1234567890/open/ssssssssssssssssssssss/photo123456/grid.webp';
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one behaviour on a port of its own; records what reached the bucket and the fallback. */
async function edgeWith(bucket: (key: string) => BucketAnswer, code?: string) {
  const seen = { keys: [] as string[], failovers: [] as { path: string; headers: Record<string, string> }[] };
  const origin: PreviewsOrigin = {
    pathPrefix: '/previews/',
    ...(code && { viewerRequest: viewerRequestFunction(code) }),
    readObject: async (key) => {
      seen.keys.push(key);
      return bucket(key);
    },
    failoverStatuses: [403, 404],
    fallback: { originPath: '/api', headers: { 'x-origin-verify': 'secret' } },
  };
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://edge.local');
    void servePreview(origin, { method: req.method!, url, clientIp: '127.0.0.1' }, res, (path, headers) => {
      seen.failovers.push({ path, headers });
      res.writeHead(200, { 'content-type': 'image/webp' }).end('made');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, resolve));
  const port = (server.address() as { port: number }).port;
  return {
    seen,
    get: (path: string, method = 'GET') => fetch(`http://localhost:${port}${path}`, { method }),
  };
}

const stored = (): BucketAnswer => ({
  status: 200,
  headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400, s-maxage=600' },
  body: Buffer.from('preview'),
});

describe('the previews behaviour at the local edge', () => {
  it('answers from the bucket at the key the path names, with the object’s headers', async () => {
    const edge = await edgeWith(stored);
    const answer = await edge.get(PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=600');
    expect(await answer.text()).toBe('preview');
    expect(edge.seen).toEqual({ keys: [PATH.slice(1)], failovers: [] });
  });

  it('fails over to the API with its origin path and headers when the bucket answers 403 or 404', async () => {
    for (const status of [403, 404]) {
      const edge = await edgeWith(() => ({ status, headers: {}, body: Buffer.alloc(0) }));
      expect(await (await edge.get(PATH)).text()).toBe('made');
      expect(edge.seen.failovers).toEqual([
        { path: `/api${PATH}`, headers: { 'x-origin-verify': 'secret' } },
      ]);
      server!.close();
      server = undefined;
    }
  });

  it('passes other bucket errors on, and refuses methods a GET/HEAD behaviour does not allow', async () => {
    const edge = await edgeWith(() => ({ status: 500, headers: {}, body: Buffer.alloc(0) }));
    expect((await edge.get(PATH)).status).toBe(500);
    expect((await edge.get(PATH, 'POST')).status).toBe(403);
    expect(edge.seen.failovers).toEqual([]);
  });

  it('lets the viewer-request function answer before the bucket is asked', async () => {
    const refuse = `function handler(event) { return { statusCode: 404, statusDescription: 'Not Found' }; }`;
    const edge = await edgeWith(stored, refuse);
    expect((await edge.get(PATH)).status).toBe(404);
    expect(edge.seen.keys).toEqual([]);
  });
});
