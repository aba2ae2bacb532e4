/**
 * Thrown by an event handler that found work another delivery may still be doing: the event is not
 * acknowledged (409), so Stripe delivers it again later, when that work is done or its claim has lapsed.
 */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}
