/**
 * The Vite plugin that gives the SPA the route table without its schemas: `virtual:route-addresses`,
 * a module of plain data (each route's method, path, caller and success status) written at build time
 * from shared/routes.ts. The API client reads it; importing the table itself would bundle every zod
 * schema into the pages. web/src/route-addresses.d.ts types it from the table.
 *
 * web/vite.config.ts and the unit tests' project (vitest.config.ts) both use it. The dev server
 * restarts when shared/routes.ts changes, since the config imports it.
 */
import type { Plugin } from 'vite';
import { routeAddresses } from '#shared/routes';

export const ROUTE_ADDRESSES_MODULE = 'virtual:route-addresses';
// Vite's convention: a leading NUL keeps other plugins off a virtual module's id.
const resolvedId = `\0${ROUTE_ADDRESSES_MODULE}`;

/** The module's source: one exported object, the addresses by route name. */
export const routeAddressesSource = (): string =>
  `export default ${JSON.stringify(routeAddresses(), null, 2)};\n`;

export function routeAddressesPlugin(): Plugin {
  return {
    name: 'shutterlane-route-addresses',
    resolveId: (id) => (id === ROUTE_ADDRESSES_MODULE ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? routeAddressesSource() : undefined),
  };
}
