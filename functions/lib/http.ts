/**
 * Builds a route's Lambda handler from the contract: middy with our middlewares parses the path,
 * query and body with the route's zod schemas (400 with a clear message on bad input), passes the
 * signed-in seller's id for `seller` routes, and maps errors to JSON answers (never a stack trace).
 * A handler only parses, calls its service and returns the result.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { routeKey } from '#shared/contract/route-paths';
import {
  routes,
  type RouteBody,
  type RouteGroup,
  type RouteName,
  type RouteNameOf,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '#shared/contract/routes';
import { serverErrors } from '#shared/texts/errors';
import type { TeamRole } from '#shared/rules/team-roles';
import type { TeamCaller } from '../domains/teams/team-caller';
import { HttpError, badRequest, unauthorized } from './http-error';
import { correlatedIds, logger } from './logger';
import { countMetric } from './metrics';
import { METRIC } from '#shared/platform/metric-names';
import { observability } from './tracer';
import { encodeForClient } from './response-encoding';
import { originVerify } from './origin-verify';

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;

export interface RouteInput<N extends RouteName> {
  params: RouteParams<N>;
  query: RouteQuery<N>;
  body: RouteBody<N>;
  /**
   * On `seller` routes, the business the call acts for: its owner's Cognito `sub`, under which its
   * galleries, photos and orders are stored (the caller's own sub when they own it).
   */
  userId: string;
  /** On `seller` routes, who is calling and their role in the business. */
  member: TeamCaller;
  /** Host name the request was made on (for captcha hostname checks). */
  event: HttpEvent;
}

/** A handler may return a ready HTTP result (redirects, 204) instead of a body. */
export class RawResult {
  constructor(readonly result: HttpResult) {}
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const jsonResult = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: JSON_HEADERS,
  body: JSON.stringify(body),
});

function firstIssueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return issue.message === 'Invalid input' ? `${where}invalid value` : `${where}${issue.message}`;
}

function parseWith(schema: z.ZodMiniType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}

/**
 * The request's body as the bytes the client sent, or undefined without one. API Gateway passes a
 * text body (JSON, form, XML...) as a string and any other body base64-encoded; both decode back to
 * the original bytes (a text body arrives as UTF-8, so the string's UTF-8 encoding is those bytes).
 * Every reader of a body goes through here: JSON routes, the content API's query and Stripe's webhook,
 * whose signature covers these exact bytes.
 */
export function requestBody(event: Pick<HttpEvent, 'body' | 'isBase64Encoded'>): Buffer | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function readJsonBody(event: HttpEvent): unknown {
  const body = requestBody(event);
  if (!body?.length) return {};
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw badRequest(serverErrors.invalidBody);
  }
}

/**
 * Who a seller call acts for, checked before anything else (seller-http.ts): the business and member for
 * the token's `sub` and the route's least role, then, once the path is parsed, the gallery it names.
 */
export interface SellerCheck {
  member(sub: string, minRole: TeamRole | undefined): Promise<TeamCaller>;
  gallery(member: TeamCaller, galleryId: string | undefined): Promise<void>;
}

const galleryIdOf = (params: unknown): string | undefined =>
  (params as { galleryId?: string } | undefined)?.galleryId;

const NO_MEMBER: TeamCaller = { businessId: '', memberId: '', role: 'owner' };

function sellerId(event: HttpEvent): string {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  // API Gateway's JWT authorizer also lets Cognito access tokens through (their client_id is the
  // audience): seller routes take the ID token only (S25).
  if (claims?.token_use !== 'id' || typeof sub !== 'string' || sub === '')
    throw unauthorized(serverErrors.unauthorized);
  return sub;
}

/**
 * Maps thrown errors to JSON answers: HttpError keeps its status; anything else is a logged 500. Every
 * 5xx answer is counted (ServerErrors), since the answer hides the error from Lambda's own Errors metric.
 */
const jsonErrors = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  onError: (request) => {
    const error = request.error;
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) countMetric(METRIC.serverErrors);
      const answer = jsonResult(error.statusCode, { message: error.message });
      request.response = { ...answer, headers: { ...answer.headers, ...error.headers } };
      return;
    }
    logger.error('Unhandled error', { error });
    countMetric(METRIC.serverErrors);
    request.response = jsonResult(500, { message: serverErrors.internal });
  },
});

/**
 * Every entry of the request carries API Gateway's request id (as its access log does) and the ids
 * the path names (order, gallery, photo).
 */
const requestLogging = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: (request) => {
    logger.setRequestId(request.event.requestContext?.requestId ?? request.context.awsRequestId);
    logger.appendKeys(correlatedIds(request.event.pathParameters));
  },
});

/**
 * A route's handler. A seller route's is built by seller-http.ts, which passes the team check: only the
 * functions that serve seller routes carry it (and its reads and writes of the users table).
 */
export function routeHandler<N extends RouteName>(
  name: N,
  handle: (input: RouteInput<N>) => Promise<RouteResponse<N> | RawResult>,
  seller?: SellerCheck,
) {
  const route = routes[name];
  if ((route.caller === 'seller') !== (seller !== undefined))
    throw new Error(
      `${name}: a seller route's handler, and only one, comes from functions/lib/seller-http.ts`,
    );
  const successStatus = 'status' in route ? route.status : 200;
  const run = async (event: HttpEvent): Promise<HttpResult> => {
    // Who is calling is checked before what they sent: a refused token is a 401, whatever the body.
    const member = seller
      ? await seller.member(sellerId(event), 'minRole' in route ? route.minRole : undefined)
      : NO_MEMBER;
    const input = {
      params: parseWith('params' in route ? route.params : undefined, event.pathParameters ?? {}),
      query: parseWith('query' in route ? route.query : undefined, event.queryStringParameters ?? {}),
      body: 'body' in route ? parseWith(route.body, readJsonBody(event)) : undefined,
      userId: member.businessId,
      member,
      event,
    } as RouteInput<N>;
    if (seller) await seller.gallery(member, galleryIdOf(input.params));
    const output = await handle(input);
    if (output instanceof RawResult) return output.result;
    return encodeForClient(jsonResult(successStatus, output), event.headers?.['accept-encoding']);
  };
  return middy<HttpEvent, HttpResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(observability<HttpEvent, HttpResult>())
    .use(requestLogging())
    .use(jsonErrors())
    .handler(run);
}

export type RouteLambda = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** Imports a route's handler module (lazily, so a cold start loads only the route it serves). */
export type RouteModuleLoader = () => Promise<{ handler: RouteLambda }>;

/** A group's handler map: exactly one loader for each route of the group, and none of another's. */
export type GroupHandlers<G extends RouteGroup> = { [N in RouteNameOf<G>]: RouteModuleLoader };

/**
 * One Lambda per route group: dispatches on API Gateway's route key. The handler map must name every
 * route of the group and only those (a missing or foreign route does not compile). Handlers are
 * imported lazily so a cold start loads only the code of the route it serves. Every request first
 * passes the origin check (origin-verify.ts): one that did not come through CloudFront is refused
 * before any route code runs.
 */
export function groupHandler<G extends RouteGroup>(group: G, handlers: GroupHandlers<G>) {
  const byKey = new Map<string, RouteModuleLoader>();
  for (const [name, load] of Object.entries(handlers) as [RouteName, RouteModuleLoader][]) {
    byKey.set(routeKey(routes[name]), load);
  }
  // Each route module is imported once, on its first request.
  const loaded = new Map<string, ReturnType<RouteModuleLoader>>();
  const dispatch = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const load = byKey.get(event.routeKey);
    if (!load) {
      // API Gateway sent a route this group's function does not serve: the deployment and code disagree.
      logger.warn('Route not served by its group function', { group, routeKey: event.routeKey });
      return jsonResult(404, { message: serverErrors.routeNotImplemented });
    }
    let module = loaded.get(event.routeKey);
    if (!module) loaded.set(event.routeKey, (module = load()));
    const { handler } = await module;
    return handler(event, context);
  };
  return middy<HttpEvent, HttpResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(originVerify())
    .handler(dispatch);
}

/**
 * The visitor's address. Behind CloudFront, the event's sourceIp is the edge's address: CloudFront
 * appends the viewer's address to X-Forwarded-For (after any the viewer sent itself, which cannot be
 * trusted), and API Gateway may append the edge's. So the visitor is the last entry that is not the
 * immediate peer; without the header (a direct call), the peer itself.
 */
export function clientIp(event: Pick<HttpEvent, 'headers' | 'requestContext'>): string | undefined {
  const peer = event.requestContext.http?.sourceIp;
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry !== peer);
  return forwarded.at(-1) ?? peer;
}
