import { describe, expect, it } from 'vitest';
import { API_BASE, routeKey } from '../../shared/contract/route-paths';
import { routes, type RouteDef } from '../../shared/contract/routes';
import { fromLambdaResult, toHttpApiEvent } from './gateway-event';

const request = (overrides: Partial<Parameters<typeof toHttpApiEvent>[0]> = {}) => ({
  method: 'POST',
  rawPath: '/api/public/orders/abc123XYZ',
  rawQueryString: 'a=1&a=2&b=x',
  headers: {
    'content-type': 'application/json',
    host: 'localhost:4000',
    'user-agent': 'test',
    cookie: 'k=v; z=1',
  },
  body: Buffer.from('{"captchaToken":"t"}'),
  sourceIp: '127.0.0.1',
  ...overrides,
});

/** A route of the table as the deployed API names it. */
const matched = (route: RouteDef) => ({
  routeKey: routeKey(route),
  stage: API_BASE.slice(1),
  apiId: 'abcdefghij',
  accountId: '000000000000',
});

describe('toHttpApiEvent', () => {
  it('builds a payload 2.0 event with route key, parameters and a text body', () => {
    const event = toHttpApiEvent(request(), matched(routes.publicOrder), { orderId: 'abc123XYZ' });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /public/orders/{orderId}',
      rawPath: '/api/public/orders/abc123XYZ',
      pathParameters: { orderId: 'abc123XYZ' },
      queryStringParameters: { a: '1,2', b: 'x' },
      cookies: ['k=v', 'z=1'],
      body: '{"captchaToken":"t"}',
      isBase64Encoded: false,
      requestContext: { stage: 'api', http: { method: 'POST', sourceIp: '127.0.0.1' } },
    });
    expect(event.headers.cookie).toBeUndefined();
  });

  it('base64-encodes binary bodies and carries JWT claims', () => {
    const event = toHttpApiEvent(
      request({ headers: { 'content-type': 'image/jpeg' }, body: Buffer.from([0xff, 0xd8]) }),
      matched(routes.currentUser),
      {},
      { sub: 'user-1' },
    );
    expect(event.isBase64Encoded).toBe(true);
    expect(event.body).toBe('/9g=');
    expect((event.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      jwt: { claims: { sub: 'user-1' }, scopes: null },
    });
  });
});

describe('fromLambdaResult', () => {
  it('reads structured results, decoding base64 bodies', () => {
    const answer = fromLambdaResult({
      statusCode: 201,
      headers: { 'Content-Type': 'x' },
      body: 'aGk=',
      isBase64Encoded: true,
    });
    expect(answer).toMatchObject({ statusCode: 201, headers: { 'content-type': 'x' } });
    expect(answer.body.toString()).toBe('hi');
  });

  it('treats any other value as a JSON 200, as API Gateway does', () => {
    const answer = fromLambdaResult({ ok: true } as never);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });
});
