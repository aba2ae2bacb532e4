/**
 * The content API's Lambda adapter: builds the service from the environment once per container, reads
 * an API Gateway (payload 2.0) event as the service's input and writes its answer back, images
 * base64-encoded as API Gateway requires for binary bodies. Errors keep Sanity's shape: a path that
 * does not fit the route is a 404, a failure of ours a logged 500, never a stack trace.
 */
import path from 'node:path';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { requestBody, type HttpEvent, type HttpResult } from '../lib/http';
import { contentEnv } from '../lib/env';
import { logger } from '../lib/logger';
import { contentError, createContentService, type ContentAnswer, type ContentService } from './service';

let service: ContentService | undefined;

/** The service over the packaged dataset, configured by CONTENT_* (functions/lib/env.ts). */
export function contentService(): ContentService {
  if (!service) {
    const env = contentEnv();
    service = createContentService({
      datasetDir: path.resolve(env.LAMBDA_TASK_ROOT, env.CONTENT_DATASET_DIR),
      projectId: env.CONTENT_PROJECT_ID,
      dataset: env.CONTENT_DATASET,
    });
  }
  return service;
}

export function toLambdaResult(answer: ContentAnswer): HttpResult {
  const binary = Buffer.isBuffer(answer.body);
  return {
    statusCode: answer.statusCode,
    headers: answer.headers,
    body: binary ? answer.body.toString('base64') : (answer.body as string),
    isBase64Encoded: binary,
  };
}

/** The raw query string as sent: GROQ `$param` values are JSON, and repeated names must stay apart. */
export const searchOf = (event: HttpEvent): URLSearchParams =>
  new URLSearchParams(event.rawQueryString ?? '');

/** A POST query's body as text (Sanity's JSON), or undefined without one. */
export const bodyOf = (event: HttpEvent): string | undefined => requestBody(event)?.toString('utf8');

const sanityErrors = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: (request) =>
    logger.setRequestId(request.event.requestContext?.requestId ?? request.context.awsRequestId),
  onError: (request) => {
    logger.error('Content API failed', { error: request.error });
    request.response = toLambdaResult(contentError(500, 'Internal error', 'internalError'));
  },
});

/** A content route's handler: path parameters checked with the route's schema, then `answer`. */
export function contentHandler<S extends z.ZodMiniType>(
  paramsSchema: S,
  answer: (params: z.infer<S>, event: HttpEvent) => Promise<ContentAnswer>,
) {
  const run = async (event: HttpEvent): Promise<HttpResult> => {
    const params = paramsSchema.safeParse(event.pathParameters ?? {});
    if (!params.success) return toLambdaResult(contentError(404, 'Not found', 'notFound'));
    return toLambdaResult(await answer(params.data, event));
  };
  return middy<HttpEvent, HttpResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(sanityErrors())
    .handler(run);
}
