/**
 * Unit test of a deferred event (RetryLater), with the events table, secrets, signature and handler
 * replaced: it is answered 409 and its claim released; one that Stripe created more than a day ago is
 * counted for the alarm, a recent one is not.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countMetric } from '../lib/metrics';
import { METRIC } from '#shared/platform/metric-names';
import type * as Metrics from '../lib/metrics';
import { claimEvent, releaseEvent } from '../lib/once-markers';
import { routeFor } from './event-handlers';
import { RetryLater } from './retry-later';
import { receiveStripeWebhook } from './service';
import { verifyStripeEvent } from './signature';

vi.mock('../lib/metrics', async (importOriginal) => ({
  ...(await importOriginal<typeof Metrics>()),
  countMetric: vi.fn(),
}));
vi.mock('../lib/once-markers', () => ({
  claimEvent: vi.fn(),
  markEventDone: vi.fn(),
  releaseEvent: vi.fn(),
}));
vi.mock('../lib/secrets', () => ({ stripeWebhookSecrets: vi.fn() }));
vi.mock('../lib/stripe', () => ({ stripe: vi.fn(() => Promise.resolve({ webhooks: {} })) }));
vi.mock('./signature', () => ({ verifyStripeEvent: vi.fn() }));
vi.mock('./event-handlers', () => ({ routeFor: vi.fn() }));

const HOUR_S = 60 * 60;

function deferredEvent(ageSeconds: number) {
  const event = { id: 'evt_1', type: 'charge.refunded', created: Math.floor(Date.now() / 1000) - ageSeconds };
  vi.mocked(verifyStripeEvent).mockReturnValue({ event } as unknown as ReturnType<typeof verifyStripeEvent>);
  vi.mocked(routeFor).mockReturnValue({
    from: 'connect',
    handle: () => Promise.reject(new RetryLater('order has not recorded its payment yet')),
  });
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { statusCode?: number }) => error.statusCode,
  );

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(claimEvent).mockResolvedValue('claimed');
  vi.mocked(releaseEvent).mockResolvedValue();
});

describe('a deferred event', () => {
  it('is answered 409 with its claim released, not counted while recent', async () => {
    deferredEvent(HOUR_S);
    expect(await statusOf(receiveStripeWebhook(Buffer.from('{}'), 't=1,v1=x'))).toBe(409);
    expect(releaseEvent).toHaveBeenCalled();
    expect(countMetric).not.toHaveBeenCalled();
  });

  it('is counted for the alarm once it has waited more than a day', async () => {
    deferredEvent(25 * HOUR_S);
    expect(await statusOf(receiveStripeWebhook(Buffer.from('{}'), 't=1,v1=x'))).toBe(409);
    expect(countMetric).toHaveBeenCalledWith(METRIC.webhookEventsWaitingOverADay);
  });
});
