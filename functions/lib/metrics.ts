/**
 * The app's own CloudWatch metrics, written by Powertools Metrics as Embedded Metric Format lines in
 * the function's log (CloudWatch turns them into metrics: no API call, no extra latency). Every metric
 * carries the `service` dimension (POWERTOOLS_SERVICE_NAME, the function's name in FUNCTION_ACCESS).
 * The names are constants here because the alarms (infra/constructs/monitoring.ts) read them too.
 */
import type { MiddlewareObj } from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { powertoolsLogger } from './logger';

/** The CloudWatch namespace of every metric of ours. */
export const METRICS_NAMESPACE = 'Shutterlane';

export const METRIC = {
  /** An order became FULFILLED (paid by card, or completed free). */
  ordersFulfilled: 'OrdersFulfilled',
  /** The resize function made a photo's thumbnail and optimized copy. */
  photosProcessed: 'PhotosProcessed',
  /** An upload was refused by content (not an image) and not kept. */
  photosRejected: 'PhotosRejected',
  /** A photo's processing failed after Lambda's retries: the seller sees it FAILED. */
  photosFailed: 'PhotosFailed',
  /**
   * A photo's faces could not be described (face-api failed, or its copy could not be read): the face
   * search misses it until a retry of its message succeeds. Counted per attempt.
   */
  facesNotDescribed: 'FacesNotDescribed',
  /** A seller asked for a failed photo to be processed again. */
  photoRetries: 'PhotoRetries',
  /** A Stripe webhook event received, with its `eventType` dimension. */
  webhookEvents: 'WebhookEvents',
  /** A Stripe API call that failed (the caller answered 503 or retries later). */
  stripeFailures: 'StripeFailures',
  /** A watermarked preview made ahead of visitors (a preview job). */
  previewsMade: 'PreviewsMade',
  /** A preview made when a visitor asked for it (not made ahead yet): each is a function call. */
  previewsMadeOnDemand: 'PreviewsMadeOnDemand',
  /** A request answered with a 5xx status by our code (unexpected errors and deliberate 503s). */
  serverErrors: 'ServerErrors',
  /**
   * A paid Checkout Session that could not deliver what it paid for (its amount or currency differs from
   * the order's, it was paid on the platform account, its order is missing or ended) was refunded in full.
   */
  undeliveredPaymentsRefunded: 'UndeliveredPaymentsRefunded',
  /**
   * A Stripe event (a refund or dispute of a payment the order has not recorded, a confirmation email not
   * settled) still deferred more than a day after Stripe created it: something keeps it from completing.
   */
  webhookEventsWaitingOverADay: 'WebhookEventsWaitingOverADay',
  /** A second plan subscription of a seller who already had a live one was cancelled (and refunded). */
  extraSubscriptionsCancelled: 'ExtraSubscriptionsCancelled',
  /**
   * Connected accounts whose balance is negative (available + pending below zero in some currency),
   * counted by each run of the balance watch (functions/balance-watch), zero included.
   */
  negativeBalanceAccounts: 'NegativeBalanceAccounts',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];

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
