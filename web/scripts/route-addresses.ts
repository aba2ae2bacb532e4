/**
 * The Vite plugin that gives the SPA the route table without its schemas: `virtual:route-addresses`,
 * a module of plain data (each route's method, path, caller and success status) written at build time
 * from shared/contract/routes.ts. The API client reads it; importing the table itself would bundle every zod
 * schema into the pages. web/src/route-addresses.d.ts types it from the table.
 *
 * The seller routes' addresses are a module of their own, `virtual:route-addresses/seller`, which the
 * client loads at a seller call's first use: the customer pages' first chunk carries only the names of
 * the seller routes, not their addresses (most of the table). Stripe's webhook is in neither: the browser
 * never calls it.
 *
 * web/vite.config.ts and the unit tests' project (vitest.config.ts) both use it. The table is loaded
 * when the module is first asked for, through Vite's module runner rather than an import here: an
 * import would put shared/ into the config's own bundle, and Vite's config loader then warns about
 * each of its files that lacks a file extension, on every run. The dev server watches the table and
 * writes the module again when it changes.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { routeAddresses } from '#shared/contract/routes';

export const ROUTE_ADDRESSES_MODULE = 'virtual:route-addresses';
export const SELLER_ROUTE_ADDRESSES_MODULE = `${ROUTE_ADDRESSES_MODULE}/seller`;
const MODULES = [ROUTE_ADDRESSES_MODULE, SELLER_ROUTE_ADDRESSES_MODULE];
// Vite's convention: a leading NUL keeps other plugins off a virtual module's id.
const resolved = (id: string) => `\0${id}`;
const routeTable = fileURLToPath(new URL('../../shared/contract/routes.ts', import.meta.url));

type Addresses = ReturnType<typeof routeAddresses>;

async function loadAddresses(): Promise<Addresses> {
  const { module } = await runnerImport<{ routeAddresses: () => Addresses }>(routeTable, {
    configFile: false,
    logLevel: 'error',
  });
  return module.routeAddresses();
}

/** The routes of the callers given, by name. */
const byCaller = (addresses: Addresses, callers: readonly string[]) =>
  Object.fromEntries(Object.entries(addresses).filter(([, address]) => callers.includes(address.caller)));

/** The modules' sources: the public routes with the seller routes' names, and the seller routes. */
export async function routeAddressesSources(): Promise<Record<string, string>> {
  const addresses = await loadAddresses();
  const seller = byCaller(addresses, ['seller']);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return {
    [ROUTE_ADDRESSES_MODULE]:
      `export default ${json(byCaller(addresses, ['public']))};\n` +
      `export const sellerRouteNames = ${json(Object.keys(seller))};\n`,
    [SELLER_ROUTE_ADDRESSES_MODULE]: `export default ${json(seller)};\n`,
  };
}

export function routeAddressesPlugin(): Plugin {
  return {
    name: 'shutterlane-route-addresses',
    resolveId: (id) => (MODULES.includes(id) ? resolved(id) : undefined),
    async load(id) {
      const name = MODULES.find((module) => resolved(module) === id);
      if (name === undefined) return undefined;
      this.addWatchFile(routeTable);
      return (await routeAddressesSources())[name];
    },
  };
}
