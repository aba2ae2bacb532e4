/**
 * The local edge: what CloudFront and its web ACL do in front of the API. Each request is first checked
 * against the web ACL's rules (blocking and rate) for the client's socket address (WAF's IP key: the connection's
 * address, never a header the client sends) and refused with CloudFront's 403 page while over a limit;
 * otherwise it goes to the local gateway unchanged but for what CloudFront changes: the Host is the
 * origin's, the client's address is appended to X-Forwarded-For, and the origin's custom headers (the
 * origin-verify secret) are set, overwriting any a client sent. `/api` and `/previews` are served here
 * (previews.ts: the bucket first, the API when the bucket has no such object): locally the SPA comes
 * from Vite, which proxies both to this edge.
 */
import http from 'node:http';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';
import { servePreview, type PreviewsOrigin } from './previews';
import { RateLimiter, type BlockRule, type RateRule } from './waf-rules';

export interface EdgeOptions {
  port: number;
  host?: string;
  /** The local gateway's origin, e.g. `http://localhost:4000`. */
  origin: string;
  /** The custom headers CloudFront adds on its way to the origin (lower-case names). */
  originHeaders: Record<string, string>;
  rateRules: RateRule[];
  /** The web ACL's blocking rules (Stripe's webhook path from other addresses). */
  blockRules?: BlockRule[];
  /** The `/previews/*` behaviour, when the templates have it. */
  previews?: PreviewsOrigin;
  /** Told about each request a rule blocks. */
  onBlocked?: (rule: RateRule | BlockRule, clientIp: string, path: string) => void;
}

export interface Edge {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** CloudFront's answer when the web ACL blocks a request (WAF's default block action). */
const BLOCKED_PAGE = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">
<TITLE>ERROR: The request could not be satisfied</TITLE>
</HEAD><BODY>
<H1>403 ERROR</H1>
<H2>The request could not be satisfied.</H2>
<HR noshade size="1px">
Request blocked.
We can't connect to the server for this app or website at this time. There might be too much traffic or a configuration error. Try again later, or contact the app or website owner.
</BODY></HTML>`;

/** CloudFront's answer when the origin cannot be reached. */
const BAD_GATEWAY_PAGE =
  '<HTML><BODY><H1>502 ERROR</H1><H2>The request could not be satisfied.</H2></BODY></HTML>';

/** How long an idle connection to the origin is kept for reuse: less than the gateway's keep-alive (5 s). */
const ORIGIN_IDLE_TIMEOUT_MS = 4_000;

/** Hop-by-hop headers a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

const sendPage = (res: http.ServerResponse, status: number, page: string): void => {
  res.writeHead(status, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(page) }).end(page);
};

export const clientAddress = (req: http.IncomingMessage): string =>
  (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/** The headers the origin receives: the viewer's, with CloudFront's changes. */
export function originRequestHeaders(
  viewer: http.IncomingHttpHeaders,
  clientIp: string,
  originHost: string,
  originHeaders: Record<string, string>,
): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(viewer)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
  }
  const forwarded = viewer['x-forwarded-for'];
  headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${clientIp}` : clientIp;
  headers.host = originHost;
  return { ...headers, ...originHeaders };
}

export async function startEdge(options: EdgeOptions): Promise<Edge> {
  const origin = new URL(options.origin);
  const limiter = new RateLimiter(options.rateRules, options.blockRules);
  // Idle connections are dropped after 4 s, before the gateway's 5 s keep-alive ends them: reusing one
  // the gateway is closing at that moment resets it, which would answer a 502 (CloudFront's origin
  // keep-alive works the same way against API Gateway).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: ORIGIN_IDLE_TIMEOUT_MS });

  /** Passes the request to the origin at `path` with these origin headers, and its answer back. */
  const proxy = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    originHeaders: Record<string, string>,
    withBody = true,
  ) => {
    const upstream = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path,
        headers: originRequestHeaders(req.headers, clientAddress(req), origin.host, originHeaders),
        agent,
      },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) sendPage(res, 502, BAD_GATEWAY_PAGE);
      else res.destroy();
    });
    if (withBody) req.pipe(upstream);
    else upstream.end();
  };

  const server = http.createServer((req, res) => {
    const clientIp = clientAddress(req);
    const url = new URL(req.url ?? '/', 'http://edge.local');
    const blocked = limiter.check(clientIp, url.pathname);
    if (blocked) {
      options.onBlocked?.(blocked, clientIp, url.pathname);
      req.resume();
      sendPage(res, 403, BLOCKED_PAGE);
      return;
    }
    const previews = options.previews;
    if (previews && url.pathname.startsWith(previews.pathPrefix)) {
      req.resume();
      servePreview(previews, { method: req.method ?? 'GET', url, clientIp }, res, (path, headers) =>
        proxy(req, res, path, headers, false),
      ).catch(() => {
        if (!res.headersSent) sendPage(res, 502, BAD_GATEWAY_PAGE);
        else res.destroy();
      });
      return;
    }
    proxy(req, res, req.url ?? '/', options.originHeaders);
  });
  // Longer than any client's idle pool (undici keeps a connection 4 s, browsers longer), as CloudFront's
  // is: a server that closes first races a client reusing the connection (ECONNRESET under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = await listenOn(server, options.port, 'the local edge (CloudFront)', 'EDGE_PORT', options.host);
  return {
    url: `http://localhost:${port}`,
    port,
    stop: async () => {
      await closeServer(server);
      agent.destroy();
    },
  };
}
