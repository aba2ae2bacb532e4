import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { API_BASE, pathParamNames } from '#shared/contract/route-paths';
import { routes, type RouteError, type RouteName } from '#shared/contract/routes';
import { apiErrors, serverErrors } from '#shared/texts/errors';
import { ApiError, createApiClient, isRouteError } from './api-client';

const ORDER_ID = 'order_12345678';
const validOrder = {
  orderId: ORDER_ID,
  status: 'PENDING',
  photos: [],
  currency: 'GBP',
  total: 0,
  orderType: 'FREE_ORDER',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

function clientWith(response: () => Response | Promise<Response>, getToken?: () => string | null) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  const api = createApiClient({ fetch: fetchMock, getToken });
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { api, fetchMock, lastCall };
}

describe('createApiClient', () => {
  it('sends a public call with its path parameters, JSON body and JSON headers, and no token', async () => {
    const { api, lastCall } = clientWith(
      () => jsonResponse(validOrder),
      () => 'seller-token',
    );
    const order = await api.publicOrder({ orderId: ORDER_ID }, { captchaToken: 'captcha-1' });

    expect(order).toEqual(validOrder);
    const { url, init, headers } = lastCall();
    expect(url).toBe(`/api/public/orders/${ORDER_ID}`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ captchaToken: 'captcha-1' }));
    expect(headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends the bearer token to seller routes and puts other input in the query string', async () => {
    const { api, lastCall } = clientWith(
      () => jsonResponse({ galleries: [] }),
      () => 'seller-token',
    );
    await api.listGalleries({ limit: 5, nextToken: 'a b&c' }).catch(() => undefined);

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/galleries?limit=5&nextToken=a+b%26c');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer seller-token' });
  });

  it('leaves out the Authorization header when there is no token', async () => {
    const { api, lastCall } = clientWith(
      () => new Response(null, { status: 204 }),
      () => null,
    );
    await api.deleteGallery({ galleryId: 'gallery_1234' });
    expect(lastCall().headers).toEqual({ Accept: 'application/json' });
  });

  it('encodes path parameters and skips undefined query values', async () => {
    const { api, lastCall } = clientWith(() => new Response(null, { status: 204 }));
    await api.getGallery({ galleryId: 'a/b?c', includeUrls: undefined, includeThumbnails: 'true' });
    expect(lastCall().url).toBe('/api/galleries/a%2Fb%3Fc?includeThumbnails=true');
  });

  it('uses the given base URL, with or without a trailing slash', async () => {
    for (const baseUrl of ['https://shop.example/api', 'https://shop.example/api/']) {
      const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
      await createApiClient({ baseUrl, fetch: fetchMock }).deletePhoto({
        galleryId: 'g1234567',
        photoId: 'p1234567',
      });
      expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
        'https://shop.example/api/galleries/g1234567/photos/p1234567',
      );
    }
  });

  it('has one method per route of the table, with its method, path and caller, except the Stripe webhook', async () => {
    const { api, lastCall } = clientWith(
      () => new Response(null, { status: 204 }),
      () => 'tok',
    );
    const names = Object.keys(routes) as RouteName[];
    expect(Object.keys(api).sort()).toEqual(names.filter((name) => name !== 'stripeWebhook').sort());

    for (const name of names.filter((n) => n !== 'stripeWebhook')) {
      const route = routes[name];
      const params = Object.fromEntries(pathParamNames(route.path).map((p) => [p, `${p}-value`]));
      const call = api[name] as (input: unknown, body?: unknown) => Promise<unknown>;
      const hasBody = route.method === 'POST' || route.method === 'PATCH';
      await call(params, hasBody ? {} : undefined);

      const { url, init, headers } = lastCall();
      const expectedPath = route.path.replace(/\{(\w+)\}/g, (_, p: string) => `${p}-value`);
      expect(url, name).toBe(`${API_BASE}${expectedPath}`);
      expect(init.method, name).toBe(route.method);
      expect(headers.Authorization, name).toBe(route.caller === 'seller' ? 'Bearer tok' : undefined);
    }
  });

  it('throws ApiError with the status and the server message', async () => {
    const { api } = clientWith(() =>
      jsonResponse({ message: 'captcha verification failed' }, { status: 400, statusText: 'Bad Request' }),
    );
    const error = await api
      .publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      message: 'captcha verification failed',
    });
  });

  it('keeps the Retry-After of a refusal, in seconds, when the server gave one', async () => {
    const refusal = (headers: Record<string, string>) =>
      clientWith(() =>
        jsonResponse(
          { message: 'Wait' },
          { status: 429, headers: { 'Content-Type': 'application/json', ...headers } },
        ),
      )
        .api.publicGallery({ publicId: 'pub_1' }, { pin: '482193' })
        .catch((e: unknown) => e);
    expect(await refusal({ 'Retry-After': '120' })).toMatchObject({ status: 429, retryAfterSeconds: 120 });
    const others: Record<string, string>[] = [
      {},
      { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' },
      { 'Retry-After': '' },
    ];
    for (const header of others)
      expect(((await refusal(header)) as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('falls back to the spec text when the error body has no message', async () => {
    const { api } = clientWith(() => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await api
      .publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'API request failed: 502 Bad Gateway' });
    expect((error as Error).message).toBe(apiErrors.requestFailed(502, 'Bad Gateway'));
  });

  it('reports a network failure as ApiError with status 0 and the spec text', async () => {
    const { api } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api
      .publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'Network error occurred' });
  });

  it('lets an aborted request stay an abort', async () => {
    const { api } = clientWith(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await api
      .publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('checks responses against the contract in development', async () => {
    expect(import.meta.env.DEV).toBe(true);
    const { api } = clientWith(() => jsonResponse({ ...validOrder, status: 'LOST', total: 'free' }));
    await expect(api.publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })).rejects.toThrow(
      'Response of publicOrder does not match the contract at: status, total',
    );
  });

  it('answers undefined for routes without a JSON body', async () => {
    const { api } = clientWith(
      () => new Response(null, { status: 204 }),
      () => 'tok',
    );
    await expect(api.deletePhoto({ galleryId: 'g1234567', photoId: 'p1234567' })).resolves.toBeUndefined();
  });

  it('narrows a failure to the error answers its route declares', async () => {
    const { api } = clientWith(() =>
      jsonResponse({ message: serverErrors.orderNotFound }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await api
      .publicOrder({ orderId: ORDER_ID }, { captchaToken: 't' })
      .catch((e: unknown) => e);
    expect(isRouteError(error, 'publicOrder')).toBe(true);
    // Another route's failure, or no failure at all, is not this route's.
    expect(isRouteError(error, 'fulfilledOrder')).toBe(false);
    expect(isRouteError(new Error('x'), 'publicOrder')).toBe(false);
    if (!isRouteError(error, 'publicOrder') || error.status !== 404) throw new Error('not narrowed');
    expect(error.body).toEqual({ message: serverErrors.orderNotFound });
    // The declared 404 bodies of the order check: the gateway's, the HTTP layer's and the unknown order's.
    expectTypeOf(error.body.message).toEqualTypeOf<
      'Not Found' | typeof serverErrors.routeNotImplemented | typeof serverErrors.orderNotFound
    >();
  });

  it('declares each route its own statuses: the order check has no 410, the photos call has', () => {
    expectTypeOf<410>().not.toMatchTypeOf<RouteError<'publicOrder'>['status']>();
    expectTypeOf<410>().toMatchTypeOf<RouteError<'fulfilledOrder'>['status']>();
    // Seller routes add the authorizer's 401; public routes have none.
    expectTypeOf<401>().toMatchTypeOf<RouteError<'listGalleries'>['status']>();
    expectTypeOf<401>().not.toMatchTypeOf<RouteError<'publicOrder'>['status']>();
  });
});
