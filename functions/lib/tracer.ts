/**
 * X-Ray tracing through Powertools Tracer, and the middlewares every handler runs under: Logger's
 * Lambda context (request id, cold start, trace id on every entry), the handler's trace segment, and
 * the invocation's metrics. API routes get them from http.ts; other handlers (S3 and SQS events,
 * Cognito triggers) are built with `eventHandler`.
 *
 * Tracing runs where an X-Ray daemon does: the CDK turns on active tracing for every function, and
 * Lambda runs the daemon and names it in AWS_XRAY_DAEMON_ADDRESS (a reserved variable it sets in every
 * function). The local stack runs no daemon and so sets no address (local/stack/deployment/overlay.ts gives
 * only the variables it can honour): there the Tracer is not even imported, instead of logging a
 * missing-segment error for each call. POWERTOOLS_TRACE_ENABLED=false still turns it off where it runs.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { logger, powertoolsLogger } from './logger';
import { publishMetrics } from './metrics';

/** Where Lambda runs an X-Ray daemon (active tracing): the only place a trace can be sent. */
export const tracingEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.AWS_XRAY_DAEMON_ADDRESS !== undefined;

type TraceMiddleware = MiddlewareObj<unknown, unknown, Error, Context>;
let handlerTracing: Promise<TraceMiddleware> | undefined;

/**
 * The Tracer, imported on the first invocation where tracing is on. Importing it loads the X-Ray SDK
 * and installs its async hook on every promise (12–14% of the order call's CPU in a profile of the order call),
 * so a function with tracing off never imports it.
 */
function loadHandlerTracing(): Promise<TraceMiddleware> {
  handlerTracing ??= Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]).then(([{ Tracer }, { captureLambdaHandler }]) =>
    captureLambdaHandler(new Tracer({ enabled: true }), { captureResponse: false }),
  );
  return handlerTracing;
}

/** The handler's trace segment (Powertools' captureLambdaHandler), loaded when first needed. */
function traceHandler<E, R>(): MiddlewareObj<E, R, Error, Context> {
  const step =
    (phase: 'before' | 'after' | 'onError') =>
    async (request: middy.Request<E, R, Error, Context>): Promise<void> => {
      const tracing = await loadHandlerTracing();
      await tracing[phase]?.(request as unknown as middy.Request<unknown, unknown, Error, Context>);
    };
  return { before: step('before'), after: step('after'), onError: step('onError') };
}

/**
 * Logger context, tracing (where it is on) and metrics, in that order: the logger's keys exist before
 * anything logs, and on the way out the metrics are written before the segment closes. Responses are
 * not recorded in traces: they carry signed URLs and customers' details.
 */
export function observability<E, R>(): MiddlewareObj<E, R, Error, Context>[] {
  return [
    injectLambdaContext(powertoolsLogger, { resetKeys: true }),
    ...(tracingEnabled() ? [traceHandler<E, R>()] : []),
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
