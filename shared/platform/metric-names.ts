/**
 * The app's own CloudWatch metrics: their namespace and names, read by the functions that write them
 * (functions/lib/metrics.ts) and by the alarms of the CDK app (infra/constructs/monitoring.ts).
 */

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
