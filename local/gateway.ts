/**
 * The local API gateway: serves the shared route table under `/api` like the HTTP API's `api` stage,
 * checks Cognito JWTs on seller routes like the JWT authorizer, builds payload-2.0 events and calls
 * the same group handlers the CDK deploys. Unknown routes answer 404 and authorizer failures 401
 * with API Gateway's own bodies.
 */
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { matchPath, routes, type RouteDef, type RouteGroup } from '../shared/routes';
import { fromLambdaResult, lambdaContext, STAGE, toHttpApiEvent, type HttpAnswer } from './gateway-event';
import { closeServer, listenOn } from './standins/ports';

export interface JwtSettings {
  issuer: string;
  jwksUrl: string;
  /** The app client id: the ID token's `aud` or the access token's `client_id` must equal it. */
  audience: string;
}

type GroupLambda = (event: unknown, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  port: number;
  host?: string;
  jwt: JwtSettings;
  /** Loads a route group's handler; defaults to `functions/<group>/index.ts`. */
  loadGroup?: (group: RouteGroup) => Promise<GroupLambda>;
  /** API Gateway's integration timeout. */
  timeoutMs?: number;
}

export interface Gateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const ROUTES: RouteDef[] = Object.values(routes);

const defaultLoadGroup = async (group: RouteGroup): Promise<GroupLambda> =>
  ((await import(`../functions/${group}/index.ts`)) as { handler: GroupLambda }).handler;

const answerJson = (statusCode: number, message: string): HttpAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  cookies: [],
  body: Buffer.from(JSON.stringify({ message })),
});

function findRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
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

function jwtChecker(settings: JwtSettings) {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl));
  return async (authorization: string | undefined): Promise<JWTPayload | null> => {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: settings.issuer });
      const audiences = ([] as unknown[]).concat(payload.aud ?? [], payload.client_id ?? []);
      return audiences.includes(settings.audience) ? payload : null;
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
  const groups = new Map<RouteGroup, Promise<GroupLambda>>();
  const loadGroup = (group: RouteGroup): Promise<GroupLambda> => {
    let handler = groups.get(group);
    if (!handler) groups.set(group, (handler = (options.loadGroup ?? defaultLoadGroup)(group)));
    return handler;
  };
  const checkJwt = jwtChecker(options.jwt);
  const timeoutMs = options.timeoutMs ?? 29_000;

  async function invoke(req: http.IncomingMessage, url: URL): Promise<HttpAnswer> {
    const prefix = `/${STAGE}`;
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))
      return answerJson(404, 'Not Found');
    const found = findRoute(req.method ?? 'GET', url.pathname.slice(prefix.length) || '/');
    if (!found) return answerJson(404, 'Not Found');
    let claims: JWTPayload | undefined;
    if (found.route.caller === 'seller') {
      const payload = await checkJwt(req.headers.authorization);
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
      found.route,
      found.params,
      claims as Record<string, string | number | boolean | string[]> | undefined,
    );
    const handler = await loadGroup(found.route.group);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    );
    try {
      const result = await Promise.race([
        handler(event, lambdaContext(found.route.group, timeoutMs)),
        timeout,
      ]);
      return result === 'timeout' ? answerJson(503, 'Service Unavailable') : fromLambdaResult(result);
    } finally {
      clearTimeout(timer);
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    invoke(req, url)
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        // What API Gateway answers when the integration itself fails.
        console.error('[gateway] integration error', error);
        send(res, answerJson(500, 'Internal Server Error'));
      });
  });
  server.keepAliveTimeout = 5000;
  const port = await listenOn(server, options.port, 'the API gateway', 'GATEWAY_PORT', options.host);
  return { url: `http://localhost:${port}/${STAGE}`, port, stop: () => closeServer(server) };
}
