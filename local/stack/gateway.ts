/**
 * The local API gateway: serves the HTTP API the templates declare (its stage as the path prefix, its
 * routes, each route's integration), throttles each route with the stage's settings
 * (local/stack/gateway-throttle.ts), checks JWTs on routes with the JWT authorizer like API Gateway
 * (issuer, audience or client_id, signature, expiry), builds payload-2.0 events and invokes the
 * route's function. Unknown routes answer 404, a route over its budget 429 (its function never
 * invoked), authorizer failures 401, a failed function 500 and an integration past 30 s 503, each with
 * API Gateway's own body.
 */
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { matchPath } from '../../shared/contract/route-paths';
import type { ApiRoute, HttpApiDefinition, JwtAuthorizer } from './deployment/events';
import type { InvocationOutcome } from './functions/host';
import { fromLambdaResult, toHttpApiEvent, type HttpAnswer } from './gateway-event';
import { stageThrottle, type Clock } from './gateway-throttle';
import { closeServer, listenOn } from '@shutterlane/aws-standins/http/ports';

/** Where the stand-in that issues a template's JWT issuer publishes its tokens' issuer and keys. */
export type IssuerLookup = (templateIssuer: string) => { issuer: string; jwksUrl: string };

export interface GatewayOptions {
  port: number;
  host?: string;
  api: HttpApiDefinition;
  apiId: string;
  accountId: string;
  invoke(functionArn: string, event: unknown): Promise<InvocationOutcome>;
  issuers: IssuerLookup;
  /** API Gateway's integration timeout (30 s for HTTP APIs). */
  timeoutMs?: number;
  /** The throttles' clock in milliseconds (tests pass their own); default: a monotonic one. */
  clock?: Clock;
  /** Told about each failed invocation (the gateway answers 500 without details, as AWS does). */
  onFunctionError?: (route: ApiRoute, outcome: Extract<InvocationOutcome, { ok: false }>) => void;
}

export interface Gateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

const answerJson = (statusCode: number, message: string): HttpAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  cookies: [],
  body: Buffer.from(JSON.stringify({ message })),
});

function findRoute(routes: ApiRoute[], method: string, path: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** One verifier per authorizer, checking what API Gateway's JWT authorizer checks. */
function jwtChecker(authorizer: JwtAuthorizer, issuers: IssuerLookup) {
  const local = issuers(authorizer.issuer);
  const jwks = createRemoteJWKSet(new URL(local.jwksUrl));
  return async (authorization: string | undefined): Promise<JWTPayload | null> => {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: local.issuer });
      const audiences = ([] as unknown[]).concat(payload.aud ?? [], payload.client_id ?? []);
      return audiences.some((audience) => authorizer.audience.includes(String(audience))) ? payload : null;
    } catch {
      return null;
    }
  };
}

function send(res: http.ServerResponse, answer: HttpAnswer): void {
  const headers: http.OutgoingHttpHeaders = { ...answer.headers, 'content-length': answer.body.length };
  if (answer.cookies.length) headers['set-cookie'] = answer.cookies;
  res.writeHead(answer.statusCode, headers).end(answer.body);
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { api } = options;
  const checkers = new Map<string, ReturnType<typeof jwtChecker>>();
  const checkerFor = (authorizer: JwtAuthorizer) => {
    const key = JSON.stringify(authorizer);
    let checker = checkers.get(key);
    if (!checker) checkers.set(key, (checker = jwtChecker(authorizer, options.issuers)));
    return checker;
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const prefix = `/${api.stageName}`;
  const withinBudget = stageThrottle(api.throttles, options.clock);

  async function invokeRoute(route: ApiRoute, event: unknown): Promise<HttpAnswer> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    );
    try {
      const outcome = await Promise.race([options.invoke(route.functionArn, event), timeout]);
      if (outcome === 'timeout') return answerJson(503, 'Service Unavailable');
      if (!outcome.ok) {
        options.onFunctionError?.(route, outcome);
        return answerJson(500, 'Internal Server Error');
      }
      return fromLambdaResult(outcome.result as APIGatewayProxyResultV2);
    } finally {
      clearTimeout(timer);
    }
  }

  async function handle(req: http.IncomingMessage, url: URL): Promise<HttpAnswer> {
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))
      return answerJson(404, 'Not Found');
    const found = findRoute(api.routes, req.method ?? 'GET', url.pathname.slice(prefix.length) || '/');
    if (!found) return answerJson(404, 'Not Found');
    // A matched route's request takes a token whatever follows (an invalid token, a body too large).
    if (!withinBudget(found.route.routeKey)) return answerJson(429, 'Too Many Requests');
    let claims: JWTPayload | undefined;
    if (found.route.authorizer) {
      const payload = await checkerFor(found.route.authorizer)(req.headers.authorization);
      if (!payload) return answerJson(401, 'Unauthorized');
      claims = payload;
    }
    const body = await readBody(req);
    if (body === null) return answerJson(413, 'Request Entity Too Large');
    const event = toHttpApiEvent(
      {
        method: req.method ?? 'GET',
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers: req.headers,
        body,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      },
      {
        routeKey: found.route.routeKey,
        stage: api.stageName,
        apiId: options.apiId,
        accountId: options.accountId,
      },
      found.params,
      claims as Record<string, string | number | boolean | string[]> | undefined,
    );
    return invokeRoute(found.route, event);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    handle(req, url)
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        console.error('[gateway] integration error', error);
        send(res, answerJson(500, 'Internal Server Error'));
      });
  });
  // Longer than any client's idle pool (undici keeps a connection 4 s, browsers longer), as CloudFront
  // and API Gateway are: a server that closes first races a client reusing the connection, and a POST
  // sent on a socket just closed fails ("other side closed") with no retry. Stopping closes them all.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = await listenOn(server, options.port, 'the API gateway', 'GATEWAY_PORT', options.host);
  return { url: `http://localhost:${port}${prefix}`, port, stop: () => closeServer(server) };
}
