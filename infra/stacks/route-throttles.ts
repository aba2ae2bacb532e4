/**
 * API Gateway's per-route throttles as deploy settings: each budget class (routeThrottleOf in
 * api-stack.ts gives each route one) has a steady rate and a burst, read from `throttle<Class>Rate` and
 * `throttle<Class>Burst` (e.g. `throttleOrdersRate`), with ROUTE_THROTTLE_DEFAULTS as the production
 * values. API Gateway throttles each route of a stage separately, so a class's numbers are each of its
 * routes' own budget, never a budget the routes share.
 */
import { pascalCase, recordOf } from '../constructs/naming';

/** Requests per second (steady) and burst (the token bucket's size), per route. */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

/** The budget classes. */
export interface RouteThrottles {
  /** Seller routes and the content API (cached by CloudFront). */
  default: RouteThrottle;
  /** Each customer order call (order page, photos, checkout). */
  orders: RouteThrottle;
  /** Each public gallery call of a customer (the view, face search, the order from a pick, previews). */
  publicGalleries: RouteThrottle;
  /** Each account call (sign-up, reset, verify, resend, set-password): human-paced, captcha-checked. */
  accounts: RouteThrottle;
  /** Stripe's deliveries: bursts after payouts or a backlog of retries, ~0.3 s each. */
  stripeWebhook: RouteThrottle;
}

export type ThrottleClass = keyof RouteThrottles;

/**
 * Production budgets. Their sum over every route stays below the account's quota, which every API of the
 * region shares (ACCOUNT_THROTTLE_QUOTA). Customers' and account calls are the ones anyone can make and
 * get tight budgets, except a public gallery's: a crowd opens one gallery at once (2,000 phones within the
 * hour, many behind one venue's address: docs/deploy.md).
 */
export const ROUTE_THROTTLE_DEFAULTS: RouteThrottles = {
  default: { rateLimit: 50, burstLimit: 100 },
  orders: { rateLimit: 25, burstLimit: 50 },
  publicGalleries: { rateLimit: 200, burstLimit: 400 },
  accounts: { rateLimit: 5, burstLimit: 10 },
  stripeWebhook: { rateLimit: 50, burstLimit: 100 },
};

/**
 * API Gateway's default throttle quota of an account, per region (most regions): no route's limits can
 * exceed the account's. The test suites' stack gives every route this much (local/harness/global-stack.ts).
 */
export const ACCOUNT_THROTTLE_QUOTA: RouteThrottle = { rateLimit: 10_000, burstLimit: 5_000 };

export const THROTTLE_CLASSES = Object.keys(ROUTE_THROTTLE_DEFAULTS) as ThrottleClass[];

/** The settings keys of a class: `throttleOrdersRate` and `throttleOrdersBurst`. */
export function throttleSettingKeys(throttleClass: ThrottleClass): { rate: string; burst: string } {
  const name = `throttle${pascalCase(throttleClass)}`;
  return { rate: `${name}Rate`, burst: `${name}Burst` };
}

/** The settings that give the classes named these budgets (what a test stack passes to synthesis). */
export function throttleSettings(throttles: Partial<RouteThrottles>): Record<string, string> {
  return Object.fromEntries(
    (Object.entries(throttles) as [ThrottleClass, RouteThrottle][]).flatMap(([throttleClass, throttle]) => {
      const keys = throttleSettingKeys(throttleClass);
      return [
        [keys.rate, String(throttle.rateLimit)],
        [keys.burst, String(throttle.burstLimit)],
      ];
    }),
  );
}

/** Every class's budget: each `throttle*` setting `read` finds, the production default otherwise. */
export function readRouteThrottles(read: (key: string) => string | undefined): RouteThrottles {
  const parse = (key: string, fallback: number, whole: boolean): number => {
    const raw = read(key);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    // CloudFormation: ThrottlingRateLimit is a number, ThrottlingBurstLimit an integer; 0 refuses all.
    if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value)))
      throw new Error(
        `${key} must be ${whole ? 'a whole number of requests' : 'a number of requests per second'}, 0 or more, got "${raw}"`,
      );
    return value;
  };
  return recordOf(THROTTLE_CLASSES, (throttleClass) => {
    const keys = throttleSettingKeys(throttleClass);
    const fallback = ROUTE_THROTTLE_DEFAULTS[throttleClass];
    return {
      rateLimit: parse(keys.rate, fallback.rateLimit, false),
      burstLimit: parse(keys.burst, fallback.burstLimit, true),
    };
  });
}
