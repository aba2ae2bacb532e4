import { describe, expect, it, vi } from 'vitest';
import { AsyncInvoker, type AsyncInvokeConfig, type InvocationRecord } from './async-invoke';
import type { InvocationOutcome } from './protocol';

const ARN = 'arn:aws:lambda:eu-west-2:000000000000:function:resize';
const QUEUE = 'arn:aws:sqs:eu-west-2:000000000000:failures';
const failure: InvocationOutcome = {
  ok: false,
  errorType: 'Sandbox.Timedout',
  errorMessage: 'Task timed out after 60.00 seconds',
};

function invoker(outcomes: InvocationOutcome[], config: Partial<AsyncInvokeConfig> = {}, attemptMs = 0) {
  const calls: number[] = [];
  const invoke = vi.fn(async () => {
    calls.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, attemptMs));
    return outcomes.shift() ?? { ok: true as const, result: null };
  });
  const delivered: { destination: string; record: InvocationRecord; functionArn: string }[] = [];
  const subject = new AsyncInvoker({
    invoke,
    configs: new Map([
      [ARN, { maximumRetryAttempts: 2, maximumEventAgeSeconds: 3600, onFailure: QUEUE, ...config }],
    ]),
    deliver: async (destination, record, functionArn) => {
      delivered.push({ destination, record, functionArn });
    },
    // A minute of Lambda's back-off is 60 ms here.
    timeScale: 1000,
    log: () => undefined,
  });
  return { subject, invoke, calls, delivered };
}

describe('asynchronous invocation', () => {
  it('answers at once, retries a failing event twice with growing waits, then sends the failure record', async () => {
    const { subject, invoke, calls, delivered } = invoker([failure, failure, failure]);
    const event = { Records: [{ s3: { object: { key: 'u/g/p' } } }] };
    expect(await subject.invoke(ARN, event)).toEqual({ ok: true, result: undefined });
    expect(invoke).toHaveBeenCalledTimes(1);
    await subject.idle();
    expect(invoke).toHaveBeenCalledTimes(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(55);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(115);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ destination: QUEUE, functionArn: ARN });
    expect(delivered[0]!.record).toMatchObject({
      version: '1.0',
      requestContext: {
        functionArn: `${ARN}:$LATEST`,
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 60.00 seconds' },
    });
  });

  it('stops retrying once an attempt succeeds, and sends nothing without a success destination', async () => {
    const { subject, invoke, delivered } = invoker([failure, { ok: true, result: 'done' }]);
    await subject.invoke(ARN, {});
    await subject.idle();
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(delivered).toEqual([]);
  });

  it('follows the configured retry attempts', async () => {
    const { subject, invoke, delivered } = invoker([failure], { maximumRetryAttempts: 0 });
    await subject.invoke(ARN, {});
    await subject.idle();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(delivered[0]!.record.requestContext.approximateInvokeCount).toBe(1);
  });

  it.each([
    ['attempts that fail at once', 0],
    // Aged as the waits are (scaled up), one such attempt would have aged the event 150 s, past its 100.
    ['attempts of 150 ms, each ageing the event 0.15 s', 150],
  ])('gives up on an event older than its maximum age, as EventAgeExceeded: %s', async (_, attemptMs) => {
    // Its age in Lambda's time passes 100 s before the third attempt (after waits of 60 and 120 s).
    const { subject, invoke, delivered } = invoker(
      [failure, failure, failure],
      { maximumEventAgeSeconds: 100 },
      attemptMs,
    );
    await subject.invoke(ARN, {});
    await subject.idle();
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(delivered[0]!.record.requestContext).toMatchObject({
      condition: 'EventAgeExceeded',
      approximateInvokeCount: 2,
    });
  });
});
