/**
 * One `/v1/*` request end to end: authenticate, parse the form body (or query), honour the
 * Idempotency-Key, route, and answer in Stripe's JSON shapes with a `Request-Id` header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_API_VERSION, type EmulatorContext } from '../context';
import { StripeApiError, unrecognizedUrl } from '../errors';
import { parseFormBody, type FormObject } from '../form-body';
import { readBody, sendJson } from '../http';
import { newId } from '../ids';
import { Params } from '../params';
import { authenticate } from './auth';
import { findReplay, saveResult, type IdempotentRequest } from './idempotency';
import { apiRoutes } from './routes';

const readParams = async (req: IncomingMessage, url: URL): Promise<FormObject> =>
  req.method === 'GET' ? parseFormBody(url.search.slice(1)) : parseFormBody(await readBody(req));

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const handleApiRequest = async (
  ctx: EmulatorContext,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> => {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = {
    'request-id': newId('request'),
    'stripe-version': headerValue(req.headers['stripe-version']) ?? EVENT_API_VERSION,
  };
  try {
    authenticate(req.headers, secretKey);
    const params = await readParams(req, url);
    const route = apiRoutes.match(method, url.pathname);
    if (route === undefined) throw unrecognizedUrl(method, url.pathname);
    const key = headerValue(req.headers['idempotency-key']);
    const idempotent: IdempotentRequest | undefined =
      method === 'POST' && key !== undefined && key !== ''
        ? { key, method, path: url.pathname, params }
        : undefined;
    const replay = idempotent === undefined ? undefined : findReplay(ctx.state.idempotency, idempotent);
    if (replay !== undefined) {
      sendJson(res, replay.status, replay.body, {
        ...headers,
        'idempotent-replayed': 'true',
        'idempotency-key': replay.key,
      });
      return;
    }
    // Handlers are synchronous, so checking, running and saving a key cannot interleave with another request.
    const body = route.handler(ctx, { params: new Params(params), pathParams: route.pathParams });
    if (idempotent !== undefined) {
      saveResult(ctx.state.idempotency, idempotent, 200, body);
      ctx.store.changed();
    }
    sendJson(res, 200, body, key === undefined ? headers : { ...headers, 'idempotency-key': key });
  } catch (error) {
    sendError(res, error, headers);
  }
};

const sendError = (res: ServerResponse, error: unknown, headers: Record<string, string>) => {
  if (error instanceof StripeApiError) {
    sendJson(res, error.status, error.toBody(), headers);
    return;
  }
  console.error('Stripe emulator: unexpected error', error);
  const internal = new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.');
  sendJson(res, 500, internal.toBody(), { ...headers, 'stripe-should-retry': 'false' });
};
