/**
 * Builds API Gateway HTTP API (payload format 2.0) events and reads Lambda results back, as API
 * Gateway does, so the local gateway calls the very same handlers the CDK deploys.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';

/** Bodies API Gateway passes as text; anything else arrives base64-encoded. */
const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))|\+json|\+xml/i;

export interface IncomingRequest {
  method: string;
  /** Path as requested, including the stage prefix (`/api/...`). */
  rawPath: string;
  rawQueryString: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie') continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return flat;
}

/** Repeated query parameters are joined with commas, as API Gateway does. */
function queryParameters(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    params[name] = params[name] === undefined ? value : `${params[name]},${value}`;
  }
  return params;
}

export interface MatchedRoute {
  /** `POST /public/orders/{orderId}` */
  routeKey: string;
  stage: string;
  apiId: string;
  accountId: string;
}

export function toHttpApiEvent(
  request: IncomingRequest,
  route: MatchedRoute,
  pathParameters: Record<string, string>,
  jwtClaims?: Record<string, string | number | boolean | string[]>,
): APIGatewayProxyEventV2 {
  const headers = flatHeaders(request.headers);
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = Date.now();
  const { routeKey } = route;
  const cookies = request.headers.cookie?.split(';').map((c) => c.trim());
  return {
    version: '2.0',
    routeKey,
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString,
    headers,
    ...(cookies && { cookies }),
    ...(queryParameters(request.rawQueryString) && {
      queryStringParameters: queryParameters(request.rawQueryString),
    }),
    ...(Object.keys(pathParameters).length > 0 && { pathParameters }),
    requestContext: {
      accountId: route.accountId,
      apiId: route.apiId,
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey,
      stage: route.stage,
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      http: {
        method: request.method,
        path: request.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      ...(jwtClaims && { authorizer: { jwt: { claims: jwtClaims, scopes: null } } }),
    },
    ...(request.body.length > 0 && {
      body: isText ? request.body.toString('utf8') : request.body.toString('base64'),
    }),
    isBase64Encoded: request.body.length > 0 && !isText,
  } as APIGatewayProxyEventV2;
}

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/** Reads a Lambda result as API Gateway does: a structured result, or any other value as a JSON 200. */
export function fromLambdaResult(result: APIGatewayProxyResultV2 | undefined): HttpAnswer {
  if (result === undefined || result === null)
    return { statusCode: 200, headers: {}, cookies: [], body: Buffer.alloc(0) };
  if (typeof result === 'object' && 'statusCode' in result && typeof result.statusCode === 'number') {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.headers ?? {}))
      headers[name.toLowerCase()] = String(value);
    const text = result.body ?? '';
    return {
      statusCode: result.statusCode,
      headers,
      cookies: result.cookies ?? [],
      body: result.isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8'),
    };
  }
  const body = typeof result === 'string' ? result : JSON.stringify(result);
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(body),
  };
}
