/** The HTTP entry point: `/v1/*` is Stripe's API, `/__control/*` the emulator's controls, the rest hosted pages. */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { handleApiRequest } from './api/handle';
import type { EmulatorContext } from './context';
import { controlRoutes } from './control';
import { StripeApiError, invalidRequest, unrecognizedUrl } from './errors';
import { readBody, sendHtml, sendJson } from './http';
import { notFoundPage } from './pages/checkout-page';
import { pageRoutes } from './pages/routes';

/** A control request's JSON body; an empty object when there is none. */
const readControlBody = async (req: IncomingMessage): Promise<unknown> => {
  const text = req.method === 'GET' ? '' : await readBody(req);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('The body of a control request must be JSON.');
  }
};

const handleControl = async (ctx: EmulatorContext, req: IncomingMessage, res: ServerResponse, url: URL) => {
  const method = req.method ?? 'GET';
  const route = controlRoutes.match(method, url.pathname);
  if (route === undefined) throw unrecognizedUrl(method, url.pathname);
  const body = await readControlBody(req);
  sendJson(res, 200, route.handler(ctx, route.pathParams, body));
};

const handlePage = async (ctx: EmulatorContext, req: IncomingMessage, res: ServerResponse, url: URL) => {
  const route = pageRoutes.match(req.method ?? 'GET', url.pathname);
  if (route === undefined) return sendHtml(res, 404, notFoundPage('This page'));
  const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
  route.handler(ctx, { res, pathParams: route.pathParams, form });
};

const answerError = (res: ServerResponse, error: unknown) => {
  if (res.headersSent) return res.destroy();
  if (error instanceof StripeApiError) return sendJson(res, error.status, error.toBody());
  console.error('Stripe emulator: unexpected error', error);
  sendJson(
    res,
    500,
    new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.').toBody(),
  );
};

export const createRequestListener =
  (ctx: EmulatorContext, secretKey: string): RequestListener =>
  (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const handled = url.pathname.startsWith('/v1/')
      ? handleApiRequest(ctx, secretKey, req, res, url)
      : url.pathname.startsWith('/__control/')
        ? handleControl(ctx, req, res, url)
        : handlePage(ctx, req, res, url);
    handled.catch((error: unknown) => answerError(res, error));
  };
