/**
 * One structured JSON logger for every function: Powertools Logger underneath (a JSON line per entry
 * with level, message, timestamp, the service from POWERTOOLS_SERVICE_NAME, and, inside a handler
 * wrapped with the observability middlewares of tracer.ts, the Lambda request id, cold start and
 * X-Ray trace id). `logger` keeps the small interface every caller already uses.
 *
 * Quiet below `LOG_LEVEL` (debug, info, warn, error or silent; default info), which the local stack and
 * the tests set in lower case: Powertools reads only upper-case names from its own variables.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

const LEVELS = new Set(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']);

function configuredLevel(): LogLevel {
  const wanted = (process.env.LOG_LEVEL ?? '').toUpperCase();
  return (LEVELS.has(wanted) ? wanted : 'INFO') as LogLevel;
}

/** The Powertools instance, for the middlewares (tracer.ts) and Metrics' own warnings. */
export const powertoolsLogger = new Logger({ logLevel: configuredLevel() });

export type LogFields = Record<string, unknown>;

/** Ids worth having on every entry of a request, when the request names them. */
const CORRELATED_IDS = ['orderId', 'galleryId', 'photoId', 'sellerId'] as const;

/** The order, gallery, photo and seller ids among `values`, for `logger.appendKeys`. */
export function correlatedIds(values: Record<string, unknown> | undefined): LogFields {
  if (!values) return {};
  return Object.fromEntries(
    CORRELATED_IDS.flatMap((name) => {
      const value = values[name];
      return typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  );
}

export const logger = {
  /**
   * The id that ties a request's entries to what called it (API Gateway's request id, which its access
   * log shows too); written as `correlation_id`. Cleared at the end of each invocation.
   */
  setRequestId(id: string | undefined): void {
    if (id) powertoolsLogger.setCorrelationId(id);
    else powertoolsLogger.removeKeys(['correlation_id']);
  },
  /** Keys on every later entry of this invocation (e.g. an order id learnt from an event). */
  appendKeys(keys: LogFields): void {
    powertoolsLogger.appendKeys(keys);
  },
  debug: (message: string, fields: LogFields = {}) => powertoolsLogger.debug(message, fields),
  info: (message: string, fields: LogFields = {}) => powertoolsLogger.info(message, fields),
  warn: (message: string, fields: LogFields = {}) => powertoolsLogger.warn(message, fields),
  error: (message: string, fields: LogFields = {}) => powertoolsLogger.error(message, fields),
};
