import { describe, expect, it } from 'vitest';
import addresses, { sellerRouteNames } from 'virtual:route-addresses';
import sellerAddresses from 'virtual:route-addresses/seller';
import { routes } from '#shared/contract/routes';
import { routeAddressesSources } from './route-addresses';

describe('virtual:route-addresses', () => {
  it("holds each route's method, path, caller and status as the table declares them, and nothing else", () => {
    const all: Record<string, unknown> = { ...addresses, ...sellerAddresses };
    const called = Object.entries(routes).filter(([, route]) => route.caller !== 'stripe');
    expect(Object.keys(all).sort()).toEqual(called.map(([name]) => name).sort());
    for (const [name, route] of called) {
      const { method, path, caller } = route;
      const status = 'status' in route ? { status: route.status } : {};
      expect(all[name], name).toStrictEqual({ method, path, caller, ...status });
    }
  });

  it("keeps the seller routes' addresses apart, naming them only beside the public ones", () => {
    expect(Object.values(addresses).every((address) => address.caller === 'public')).toBe(true);
    expect(Object.values(sellerAddresses).every((address) => address.caller === 'seller')).toBe(true);
    expect([...sellerRouteNames].sort()).toEqual(Object.keys(sellerAddresses).sort());
  });

  it('is plain data: no schema (nor zod) comes along into the SPA', async () => {
    for (const source of Object.values(await routeAddressesSources())) {
      expect(source).not.toMatch(/import|require|zod|_zod|safeParse/);
      expect(source.startsWith('export default {')).toBe(true);
    }
  });
});
