import { describe, expect, it } from 'vitest';
import { routeLimits, stageThrottle, TokenBucket, type StageThrottles } from './gateway-throttle';

/** A clock the test moves by hand (milliseconds). */
function manualClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** How many of `count` requests at this instant the check admits. */
const admitted = (check: () => boolean, count: number) =>
  Array.from({ length: count }, check).filter(Boolean).length;

describe('a token bucket', () => {
  it('admits its burst at once, then nothing until a token refills', () => {
    const clock = manualClock();
    const bucket = new TokenBucket(2, 5, clock.now);
    expect(admitted(() => bucket.take(), 8)).toBe(5);
    clock.advance(499);
    expect(bucket.take()).toBe(false);
    clock.advance(1);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('refills at its rate, never past its burst', () => {
    const clock = manualClock();
    const bucket = new TokenBucket(10, 4, clock.now);
    expect(admitted(() => bucket.take(), 4)).toBe(4);
    clock.advance(250);
    expect(admitted(() => bucket.take(), 10)).toBe(2);
    clock.advance(60_000);
    expect(admitted(() => bucket.take(), 10)).toBe(4);
  });

  it('keeps the steady rate over time: one request in each tenth of a second at 10 a second', () => {
    const clock = manualClock();
    const bucket = new TokenBucket(10, 1, clock.now);
    let total = 0;
    for (let step = 0; step < 100; step += 1) {
      total += admitted(() => bucket.take(), 3);
      clock.advance(100);
    }
    expect(total).toBe(100);
  });

  it('admits nothing with a burst of 0, whatever its rate', () => {
    const clock = manualClock();
    const bucket = new TokenBucket(100, 0, clock.now);
    clock.advance(10_000);
    expect(bucket.take()).toBe(false);
  });
});

const stage: StageThrottles = {
  defaultRoute: { rateLimit: 1, burstLimit: 3 },
  routes: {
    'POST /public/orders/{orderId}': { rateLimit: 1, burstLimit: 2 },
    'POST /public/users': { rateLimit: 5 },
  },
};

describe("a stage's throttles", () => {
  it("give a route its own settings over the stage's default, field by field", () => {
    expect(routeLimits(stage, 'POST /public/orders/{orderId}')).toEqual({ rateLimit: 1, burstLimit: 2 });
    expect(routeLimits(stage, 'POST /public/users')).toEqual({ rateLimit: 5, burstLimit: 3 });
    expect(routeLimits(stage, 'GET /galleries')).toEqual({ rateLimit: 1, burstLimit: 3 });
  });

  it('throttle each route on its own: one flooded route leaves the others their budgets', () => {
    const clock = manualClock();
    const withinBudget = stageThrottle(stage, clock.now);
    const order = () => withinBudget('POST /public/orders/{orderId}');
    expect(admitted(order, 5)).toBe(2);
    expect(admitted(() => withinBudget('POST /public/orders/{orderId}/photos'), 5)).toBe(3);
    expect(admitted(() => withinBudget('GET /galleries'), 5)).toBe(3);
    clock.advance(1_000);
    expect(admitted(order, 5)).toBe(1);
  });

  it('leave a route without a rate or a burst from either to the account (unthrottled here)', () => {
    const withinBudget = stageThrottle(
      {
        defaultRoute: {},
        routes: { 'GET /a': { burstLimit: 1 }, 'GET /b': { rateLimit: 0, burstLimit: 0 } },
      },
      manualClock().now,
    );
    expect(admitted(() => withinBudget('GET /a'), 50)).toBe(50);
    expect(admitted(() => withinBudget('GET /other'), 50)).toBe(50);
    expect(withinBudget('GET /b')).toBe(false);
  });
});
