/**
 * X-Ray tracing through Powertools Tracer, and the middlewares every handler runs under: Logger's
 * Lambda context (request id, cold start, trace id on every entry), the handler's trace segment, and
 * the invocation's metrics. API routes get them from http.ts; other handlers (S3 and SQS events,
 * Cognito triggers) are built with `eventHandler`.
 *
 * Tracing runs where an X-Ray daemon does: the CDK turns on active tracing for every function, and
 * Lambda runs the daemon and names it in AWS_XRAY_DAEMON_ADDRESS (a reserved variable it sets in every
 * function). The local stack runs no daemon and so sets no address (local/deployment/overlay.ts gives
 * only the variables it can honour): there the Tracer is off and the calls below do nothing, instead
 * of logging a missing-segment error for each. POWERTOOLS_TRACE_ENABLED=false still turns it off too.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';
import { logger, powertoolsLogger } from './logger';
import { publishMetrics } from './metrics';

export const tracer = new Tracer({ enabled: process.env.AWS_XRAY_DAEMON_ADDRESS !== undefined });

/**
 * An AWS SDK v3 client whose calls appear as subsegments of the invocation's trace (a no-op where
 * tracing is off). Wrap each module-scope client once, where it is created.
 */
export function tracedClient<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/**
 * Logger context, tracing and metrics, in that order: the logger's keys exist before anything logs, and
 * on the way out the metrics are written before the segment closes. Responses are not recorded in
 * traces: they carry signed URLs and customers' details.
 */
export function observability<E, R>(): MiddlewareObj<E, R, Error, Context>[] {
  return [
    injectLambdaContext(powertoolsLogger, { resetKeys: true }),
    captureLambdaHandler(tracer, { captureResponse: false }),
    publishMetrics<E, R>(),
  ];
}

/** Logs an invocation's error before Lambda records it (and, for events, retries it). */
const logFailure = <E, R>(): MiddlewareObj<E, R, Error, Context> => ({
  onError: (request) => {
    logger.error('Invocation failed', { error: request.error });
  },
});

/**
 * A Lambda handler for an event source other than the API (S3, SQS, Cognito): `handle` with the
 * observability middlewares. Its errors still fail the invocation, so Lambda's retries and the event
 * source's own handling apply.
 */
export function eventHandler<E, R>(handle: (event: E, context: Context) => Promise<R>) {
  // timeoutEarlyInMillis 0: Lambda's own timeout ends the invocation, as for the API handlers.
  return middy<E, R, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(observability<E, R>())
    .use(logFailure<E, R>())
    .handler(handle);
}
