/**
 * One `/v1/*` request end to end: apply a planned fault (see faults.ts), authenticate, read the
 * `Stripe-Account` header, parse the form body (or query), honour the Idempotency-Key, route, and
 * answer in Stripe's JSON shapes with a `Request-Id` header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_API_VERSION, type EmulatorContext } from '../context';
import { StripeApiError, invalidRequest, unrecognizedUrl } from '../errors';
import { parseFormBody, type FormObject } from '../form-body';
import { readBody, sendJson } from '../http';
import { newId } from '../ids';
import type { Owner } from '../objects/ownership';
import { Params } from '../params';
import { accountRoutes } from './account-routes';
import { authenticate } from './auth';
import { findReplay, saveResult, type IdempotentRequest } from './idempotency';
import { apiRoutes, type ApiHandler } from './routes';
import { readStripeAccount } from './stripe-account';

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const readParams = async (req: IncomingMessage, url: URL): Promise<FormObject> =>
  req.method === 'GET' ? parseFormBody(url.search.slice(1)) : parseFormBody(await readBody(req));

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Calls made for a connected account reach only the routes that model one (account-routes.ts). */
const findRoute = (method: string, path: string, account: Owner) => {
  const route = accountRoutes.match(method, path);
  if (route !== undefined) return route;
  const platformRoute = apiRoutes.match(method, path);
  if (platformRoute !== undefined && account !== null) {
    throw invalidRequest(
      `The Stripe emulator does not model ${method} ${path} for a connected account (the Stripe-Account header).`,
    );
  }
  if (platformRoute === undefined) throw unrecognizedUrl(method, path);
  return platformRoute;
};

const errorAnswer = (error: unknown, headers: Record<string, string>): Answer => {
  if (error instanceof StripeApiError) return { status: error.status, body: error.toBody(), headers };
  console.error('Stripe emulator: unexpected error', error);
  const internal = new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.');
  return { status: 500, body: internal.toBody(), headers: { ...headers, 'stripe-should-retry': 'false' } };
};

const run = (
  ctx: EmulatorContext,
  handler: ApiHandler,
  request: { params: FormObject; pathParams: Record<string, string>; account: Owner },
) =>
  handler(ctx, {
    params: new Params(request.params),
    pathParams: request.pathParams,
    account: request.account,
  });

const answer = async (
  ctx: EmulatorContext,
  secretKey: string,
  req: IncomingMessage,
  url: URL,
  headers: Record<string, string>,
): Promise<Answer> => {
  const method = req.method ?? 'GET';
  try {
    authenticate(req.headers, secretKey);
    const account = readStripeAccount(ctx, req.headers);
    const params = await readParams(req, url);
    const route = findRoute(method, url.pathname, account);
    const key = headerValue(req.headers['idempotency-key']);
    const idempotent: IdempotentRequest | undefined =
      method === 'POST' && key !== undefined && key !== ''
        ? { key, method, path: url.pathname, params, account }
        : undefined;
    const replay = idempotent === undefined ? undefined : findReplay(ctx.state.idempotency, idempotent);
    if (replay !== undefined) {
      return {
        status: replay.status,
        body: replay.body,
        headers: { ...headers, 'idempotent-replayed': 'true', 'idempotency-key': replay.key },
      };
    }
    // Handlers are synchronous, so checking, running and saving a key cannot interleave with another request.
    const body = run(ctx, route.handler, { params, pathParams: route.pathParams, account });
    if (idempotent !== undefined) {
      saveResult(ctx.state.idempotency, idempotent, 200, body);
      ctx.store.changed();
    }
    return {
      status: 200,
      body,
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    };
  } catch (error) {
    return errorAnswer(error, headers);
  }
};

/** A planned `error` fault: Stripe's 500, the request not run. */
const faultError = (headers: Record<string, string>): Answer => ({
  status: 500,
  body: new StripeApiError(
    500,
    'api_error',
    'An unknown error occurred. (Stripe emulator: a fault planned with POST /__control/faults.)',
  ).toBody(),
  headers,
});

export const handleApiRequest = async (
  ctx: EmulatorContext,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> => {
  const headers: Record<string, string> = {
    'request-id': newId('request'),
    'stripe-version': headerValue(req.headers['stripe-version']) ?? EVENT_API_VERSION,
  };
  const fault = ctx.faults.take(req.method ?? 'GET', url.pathname);
  // Left unanswered: the client gives up when its timeout fires (the emulator's stop closes the socket).
  if (fault === 'hang') return;
  const result = fault === 'error' ? faultError(headers) : await answer(ctx, secretKey, req, url, headers);
  if (fault === 'drop') {
    res.destroy();
    return;
  }
  sendJson(res, result.status, result.body, result.headers);
};
