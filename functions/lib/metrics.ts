/**
 * The app's own CloudWatch metrics, written by Powertools Metrics as Embedded Metric Format lines in
 * the function's log (CloudWatch turns them into metrics: no API call, no extra latency). Every metric
 * carries the `service` dimension (POWERTOOLS_SERVICE_NAME, the function's name in FUNCTION_ACCESS).
 * The names live in shared/platform/metric-names.ts, where the alarms (infra/constructs/monitoring.ts) read them too.
 */
import type { MiddlewareObj } from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { powertoolsLogger } from './logger';
import { METRICS_NAMESPACE, METRIC, type MetricName } from '#shared/platform/metric-names';

/** The metrics of this invocation, flushed by `publishMetrics` when the handler ends. */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, logger: powertoolsLogger });

/** Counts one occurrence (or `count`) of `name` in this invocation. */
export function countMetric(name: MetricName, count = 1): void {
  metrics.addMetric(name, MetricUnit.Count, count);
}

/**
 * Counts a Stripe webhook event by its type. A metric of its own (flushed at once) because the
 * `eventType` dimension must not apply to the invocation's other metrics.
 */
export function countWebhookEvent(eventType: string): void {
  const single = metrics.singleMetric();
  single.addDimension('eventType', eventType);
  single.addMetric(METRIC.webhookEvents, MetricUnit.Count, 1);
}

/**
 * Writes the invocation's metrics when the handler ends, however it ends. Unlike Powertools' own
 * `logMetrics`, an invocation that counted nothing writes nothing: most API requests count nothing,
 * and `logMetrics` would log a warning for each of them.
 */
export function publishMetrics<E, R>(): MiddlewareObj<E, R> {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
}
