/**
 * Thrown by an event handler that found work another delivery may still be doing: the event is not
 * acknowledged (409), so Stripe delivers it again later, when that work is done or its claim has lapsed.
 */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

/**
 * How long an event may wait for its order before someone should look. Stripe retries a delivery for three
 * days; what waits a day (a refund or dispute of a payment its order never recorded, an email never
 * settled) will not settle by itself.
 */
export const EVENT_WAIT_ALARM_MS = 24 * 60 * 60 * 1000;

/** Whether an event Stripe created at `createdSeconds` (its `created`) has waited too long by `now`. */
export const waitedTooLong = (createdSeconds: number, now: number): boolean =>
  now - createdSeconds * 1000 > EVENT_WAIT_ALARM_MS;
