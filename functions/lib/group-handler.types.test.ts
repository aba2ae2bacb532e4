/**
 * groupHandler's map is checked by the compiler (`npx tsc -p .` type-checks this file): it names every
 * route of its group and only those. Each `@ts-expect-error` fails the type check if the line below it
 * ever compiles, so a handler map that leaves a route out or takes another group's is refused.
 */
import { describe, expect, it } from 'vitest';
import { groupHandler, type RouteModuleLoader } from './http';

const load: RouteModuleLoader = () => Promise.reject(new Error('never loaded by this test'));

describe('groupHandler types', () => {
  it('take the exact routes of the group', () => {
    const complete = () => groupHandler('checkout', { validateCheckout: load, completeCheckout: load });
    const missingRoute = () =>
      // @ts-expect-error completeCheckout, a checkout route, has no handler
      groupHandler('checkout', { validateCheckout: load });
    const foreignRoute = () =>
      groupHandler('checkout', {
        validateCheckout: load,
        completeCheckout: load,
        // @ts-expect-error publicOrder belongs to the public-orders group
        publicOrder: load,
      });
    const unknownGroup = () =>
      // @ts-expect-error not a route group
      groupHandler('payments', {});
    for (const build of [complete, missingRoute, foreignRoute, unknownGroup])
      expect(build).toBeTypeOf('function');
  });
});
