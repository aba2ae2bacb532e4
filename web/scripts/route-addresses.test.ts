import { describe, expect, it } from 'vitest';
import addresses from 'virtual:route-addresses';
import { routes } from '#shared/contract/routes';
import { routeAddressesSource } from './route-addresses';

describe('virtual:route-addresses', () => {
  it("holds each route's method, path, caller and status as the table declares them, and nothing else", () => {
    expect(Object.keys(addresses).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      const { method, path, caller } = route;
      const status = 'status' in route ? { status: route.status } : {};
      expect(addresses[name as keyof typeof routes], name).toStrictEqual({ method, path, caller, ...status });
    }
  });

  it('is plain data: no schema (nor zod) comes along into the SPA', async () => {
    const source = await routeAddressesSource();
    expect(source).not.toMatch(/import|require|zod|_zod|safeParse/);
    expect(source.startsWith('export default {')).toBe(true);
  });
});
