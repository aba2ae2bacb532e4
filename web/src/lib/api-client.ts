/**
 * The typed API client, derived from the contract: one method per route of shared/contract/routes.ts, typed by
 * its zod schemas. Nothing here is written per route.
 *
 *   const api = createApiClient();
 *   const order = await api.publicOrder({ orderId }, { captchaToken });
 *
 * First argument: path parameters plus query; second: the JSON body. Only types come from routes.ts;
 * the routes' addresses come from `virtual:route-addresses` (the table without its schemas, written at
 * build time by web/scripts/route-addresses.ts), so the schemas (and zod) stay out of production
 * bundles; the seller routes' addresses load with the first seller call, keeping them off the customer
 * pages. Development builds check every response against its schema, loaded on demand, and every
 * 4xx against the route's declared error answers.
 *
 * A failed call throws ApiError; `isRouteError(error, 'publicOrder')` narrows it to the answers that
 * route declares (RouteError in the contract), so a caller can switch on `status` and then compare
 * `body.message` with the shared texts:
 *
 *   if (isRouteError(error, 'publicOrder') && error.status === 404) show(error.body.message);
 */
import addresses, { sellerRouteNames } from 'virtual:route-addresses';
import { apiErrors } from '#shared/contract/api-errors';
import { API_BASE, buildPath, pathParamNames } from '#shared/contract/route-paths';
import type {
  RouteAddresses,
  RouteBody,
  RouteError,
  RouteName,
  RouteParams,
  RouteQueryInput,
  RouteResponse,
  Routes,
} from '#shared/contract/routes';

/**
 * A failed call: the HTTP status (0 when the network failed), the server's message, how long it
 * asked the caller to wait (its Retry-After, in seconds) when it said, the answer's JSON body and the
 * route that was called.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly retryAfterSeconds?: number,
    readonly body?: unknown,
    readonly route?: RouteName,
  ) {
    super(message);
  }
}

/** A failed call of route N with one of the error answers the route declares. */
export type RouteApiError<N extends RouteName> = ApiError & RouteError<N>;

/**
 * Whether `error` is route N's answer with a status the route declares an error body for: its type
 * then narrows on `status` and the body's text. (The body's text is the contract's; the development
 * build checks it, see assertDeclaredError.)
 */
export function isRouteError<N extends ClientRouteName>(error: unknown, name: N): error is RouteApiError<N> {
  return error instanceof ApiError && error.route === name && error.status >= 400 && error.body !== undefined;
}

/** The request got no answer at all (status 0, or fetch's TypeError): offline, or the API out of reach. */
export const isNetworkFailure = (error: unknown): boolean =>
  (error instanceof ApiError && error.status === 0) || error instanceof TypeError;

/** Stripe calls its webhook itself; the browser never does. */
export type ClientRouteName = {
  [N in RouteName]: Routes[N]['caller'] extends 'stripe' ? never : N;
}[RouteName];

type NoInput = Record<string, never>;
// `unknown` is the identity of `&`: a route with only path parameters takes just those.
type ParamsOf<N extends ClientRouteName> = Routes[N] extends { params: unknown } ? RouteParams<N> : unknown;
type QueryOf<N extends ClientRouteName> = Routes[N] extends { query: unknown } ? RouteQueryInput<N> : unknown;
type HasInput<N extends ClientRouteName> = Routes[N] extends { params: unknown } | { query: unknown }
  ? true
  : false;

/** Path parameters plus query of route N; routes with neither take nothing (or `{}`/`undefined`). */
export type RouteInput<N extends ClientRouteName> = ParamsOf<N> & QueryOf<N>;

type InputArgs<N extends ClientRouteName> =
  HasInput<N> extends true
    ? Routes[N] extends { body: unknown }
      ? [input: RouteInput<N>, body: RouteBody<N>]
      : [input: RouteInput<N>]
    : Routes[N] extends { body: unknown }
      ? [input: NoInput | undefined, body: RouteBody<N>]
      : [input?: NoInput];

export type ApiMethod<N extends ClientRouteName> = (...args: InputArgs<N>) => Promise<RouteResponse<N>>;
export type ApiClient = { [N in ClientRouteName]: ApiMethod<N> };

export interface ApiClientOptions {
  /** Where the API is served; same origin in every environment. */
  baseUrl?: string;
  /** The signed-in seller's ID token, sent as a bearer token to `seller` routes. */
  getToken?: () => Promise<string | null | undefined> | string | null | undefined;
  /** Injected in unit tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

type Input = Record<string, unknown> | undefined;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const send = createSender(options);
  const client: Record<string, (input?: Input, body?: unknown) => Promise<unknown>> = {};
  for (const name of [...(Object.keys(addresses) as RouteName[]), ...sellerRouteNames])
    client[name] = (input, body) => send(name, input, body);
  // The loop above builds exactly the mapped type's methods; TypeScript cannot follow a loop.
  return client as unknown as ApiClient;
}

type Address = RouteAddresses[RouteName];
type AddressBook = Partial<Record<RouteName, Address>>;

/** A route's address: the public ones at hand, the seller ones from their own chunk, loaded once. */
async function addressOf(name: RouteName): Promise<Address> {
  const address =
    (addresses as AddressBook)[name] ??
    ((await import('virtual:route-addresses/seller')).default as AddressBook)[name];
  if (!address) throw new Error(`No address for the route ${name}`);
  return address;
}

function createSender({ baseUrl = API_BASE, getToken, fetch: fetchImpl }: ApiClientOptions) {
  return async (name: RouteName, input: Input, body: unknown): Promise<unknown> => {
    const address = await addressOf(name);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (address.caller === 'seller') {
      const token = await getToken?.();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { method: address.method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);

    const response = await fetchOrThrow(
      fetchImpl ?? globalThis.fetch,
      requestUrl(baseUrl, address.path, input),
      init,
    );
    if (!response.ok) {
      const error = await errorFromResponse(response, name);
      if (import.meta.env.DEV) await assertDeclaredError(error);
      throw error;
    }
    if (!hasJsonBody(address, response)) return undefined;
    const data = await readJson(response);
    if (import.meta.env.DEV) await assertMatchesContract(name, data);
    return data;
  };
}

/** Path parameters fill the template; every other defined value goes to the query string. */
export function requestUrl(baseUrl: string, pathTemplate: string, input: Input = {}): string {
  const pathNames = new Set(pathParamNames(pathTemplate));
  const pathParams: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (pathNames.has(key)) pathParams[key] = String(value);
    else query.append(key, String(value));
  }
  const search = query.toString();
  return `${baseUrl.replace(/\/$/, '')}${buildPath(pathTemplate, pathParams)}${search ? `?${search}` : ''}`;
}

async function fetchOrThrow(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    // A cancelled request is the caller's decision, not a network failure.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(apiErrors.network, 0, '');
  }
}

async function errorFromResponse(response: Response, name: RouteName): Promise<ApiError> {
  const fallback = apiErrors.requestFailed(response.status, response.statusText);
  const body = await response.json().catch(() => undefined);
  const message = serverMessage(body) ?? fallback;
  return new ApiError(message, response.status, response.statusText, retryAfterOf(response), body, name);
}

/** Retry-After in seconds (its date form is not one our API sends). */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  return header && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

function hasJsonBody(address: Address, response: Response): boolean {
  const declared: number | undefined = 'status' in address ? address.status : undefined;
  return declared !== 204 && declared !== 302 && response.status !== 204;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new ApiError(apiErrors.unknown, response.status, response.statusText);
  }
}

/**
 * Development only: a 4xx must be one of the route's declared error answers. Logged, not thrown, so
 * the caller still gets the server's answer to show.
 */
async function assertDeclaredError(error: ApiError): Promise<void> {
  if (error.status < 400 || error.status >= 500 || !error.route) return;
  const [{ routes }, { errorAnswerMatches }] = await Promise.all([
    import('#shared/contract/routes'),
    import('#shared/contract/error-answers'),
  ]);
  if (!errorAnswerMatches(routes[error.route].errors, error.status, error.body))
    console.error(
      `${error.route} answered ${error.status} with an error its route does not declare:`,
      error.body,
    );
}

/** Development only: the contract's schema must accept what the server sent. */
async function assertMatchesContract(name: RouteName, data: unknown): Promise<void> {
  const { routes } = await import('#shared/contract/routes');
  const schema = routes[name].response;
  if (!schema) return;
  const result = schema.safeParse(data);
  if (!result.success) {
    const where = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new Error(`Response of ${name} does not match the contract at: ${where}`);
  }
}
