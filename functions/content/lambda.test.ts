import path from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import type { HttpEvent, HttpResult } from '../lib/http';
import { setUnitTestEnv } from '../lib/testing/unit-env';
import { UNIT_ORIGIN } from '../lib/testing/unit-origin';

// Every API request passes the origin check first (functions/lib/origin-verify.ts).
mockClient(SecretsManagerClient)
  .on(GetSecretValueCommand, { SecretId: UNIT_ORIGIN.secretId })
  .resolves({ SecretString: UNIT_ORIGIN.value });

type Handler = (event: HttpEvent, context: Context) => Promise<HttpResult>;
let handler: Handler;

beforeAll(async () => {
  setUnitTestEnv({
    // As deployed: the folder relative to the package root, which here is the repository.
    LAMBDA_TASK_ROOT: path.resolve(import.meta.dirname, '../..'),
    CONTENT_DATASET_DIR: BUNDLED_CONTENT.folder,
    CONTENT_PROJECT_ID: BUNDLED_CONTENT.projectId,
    CONTENT_DATASET: BUNDLED_CONTENT.dataset,
    ...UNIT_ORIGIN.env,
  });
  ({ handler } = (await import('./index')) as { handler: Handler });
});

function event(
  routeKey: string,
  rawPath: string,
  pathParameters: Record<string, string>,
  options: { rawQueryString?: string; body?: string; isBase64Encoded?: boolean } = {},
): HttpEvent {
  const method = routeKey.split(' ')[0]!;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: options.rawQueryString ?? '',
    headers: { ...UNIT_ORIGIN.headers },
    pathParameters,
    requestContext: { requestId: 'r', http: { method, path: rawPath } },
    body: options.body,
    isBase64Encoded: options.isBase64Encoded ?? false,
  } as unknown as HttpEvent;
}

const QUERY_KEY = (method: string) => `${method} /content/{apiVersion}/data/query/{dataset}`;
const context = {} as Context;
const queryParams = { apiVersion: 'v2024-01-01', dataset: 'production' };

describe('content Lambda', () => {
  it('answers a GET query from the raw query string, drafts left out', async () => {
    const search = new URLSearchParams({ query: '*[_id in path("drafts.**")]._id', returnQuery: 'false' });
    const result = await handler(
      event(QUERY_KEY('GET'), '/api/content/v2024-01-01/data/query/production', queryParams, {
        rawQueryString: search.toString(),
      }),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({ result: [], ms: expect.any(Number) });
  });

  it('reads a base64-encoded POST body', async () => {
    const body = Buffer.from(JSON.stringify({ query: 'count(*[_type == $t])', params: { t: 'author' } }));
    const result = await handler(
      event(
        QUERY_KEY('POST'),
        '/api/content/v1/data/query/production',
        { ...queryParams, apiVersion: 'v1' },
        {
          body: body.toString('base64'),
          isBase64Encoded: true,
        },
      ),
      context,
    );
    expect(JSON.parse(result.body!).result).toBe(2);
  });

  it("answers a bad query with a 400 in Sanity's error shape", async () => {
    const result = await handler(
      event(QUERY_KEY('GET'), '/api/content/v1/data/query/production', queryParams, {
        rawQueryString: 'query=*%5B',
      }),
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).error.type).toBe('queryParseError');
  });

  it('answers an image base64-encoded, resized', async () => {
    const result = await handler(
      event(
        'GET /content/images/{projectId}/{dataset}/{file}',
        '/api/content/images/shutterlane/production/divingblue-1200x675.jpg',
        { projectId: 'shutterlane', dataset: 'production', file: 'divingblue-1200x675.jpg' },
        { rawQueryString: 'w=100&h=50' },
      ),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    const meta = await sharp(Buffer.from(result.body!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 100, 50]);
  });
});
