/**
 * API Gateway's throttling of an HTTP API stage, as the local gateway applies it from the template: a
 * token bucket per route (HTTP APIs throttle each route of a stage separately), holding at most the
 * route's burst and refilled at its steady rate; a request takes a token or is refused. A route's own
 * settings (the stage's RouteSettings, by route key) override the stage's DefaultRouteSettings, field by
 * field. A route with no rate or no burst from either has only the account's quota, which is shared by
 * every API of the region and not modelled here.
 */

/** A stage's throttle settings as the template gives them (either number may be absent). */
export interface ThrottleLimits {
  rateLimit?: number;
  burstLimit?: number;
}

export interface StageThrottles {
  defaultRoute: ThrottleLimits;
  /** By route key, e.g. `POST /public/orders/{orderId}`. */
  routes: Record<string, ThrottleLimits>;
}

/** Milliseconds since any fixed moment: the gateway's monotonic clock, or a test's own. */
export type Clock = () => number;

/** A bucket of `burst` tokens, full at first, refilled at `rate` tokens a second. */
export class TokenBucket {
  private tokens: number;
  private filledAt: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {
    this.tokens = burst;
    this.filledAt = clock();
  }

  /** Takes a token if there is a whole one: whether the request may go on. */
  take(): boolean {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.filledAt) / 1000) * this.rate);
    this.filledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The limits a route has: its own settings over the stage's defaults. */
export function routeLimits(stage: StageThrottles, routeKey: string): ThrottleLimits {
  const own = stage.routes[routeKey] ?? {};
  return {
    ...stage.defaultRoute,
    ...(own.rateLimit !== undefined && { rateLimit: own.rateLimit }),
    ...(own.burstLimit !== undefined && { burstLimit: own.burstLimit }),
  };
}

/** Whether each request of a route (by its key) is within the route's budget; one bucket per route. */
export function stageThrottle(
  stage: StageThrottles,
  clock: Clock = () => performance.now(),
): (routeKey: string) => boolean {
  const buckets = new Map<string, TokenBucket | null>();
  return (routeKey) => {
    if (!buckets.has(routeKey)) {
      const { rateLimit, burstLimit } = routeLimits(stage, routeKey);
      const limited = rateLimit !== undefined && burstLimit !== undefined;
      buckets.set(routeKey, limited ? new TokenBucket(rateLimit, burstLimit, clock) : null);
    }
    return buckets.get(routeKey)?.take() ?? true;
  };
}
