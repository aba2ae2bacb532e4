/**
 * The Vite plugin that gives the SPA the route table without its schemas: `virtual:route-addresses`,
 * a module of plain data (each route's method, path, caller and success status) written at build time
 * from shared/contract/routes.ts. The API client reads it; importing the table itself would bundle every zod
 * schema into the pages. web/src/route-addresses.d.ts types it from the table.
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
// Vite's convention: a leading NUL keeps other plugins off a virtual module's id.
const resolvedId = `\0${ROUTE_ADDRESSES_MODULE}`;
const routeTable = fileURLToPath(new URL('../../shared/contract/routes.ts', import.meta.url));

/** The module's source: one exported object, the addresses by route name. */
export async function routeAddressesSource(): Promise<string> {
  const { module } = await runnerImport<{ routeAddresses: typeof routeAddresses }>(routeTable, {
    configFile: false,
    logLevel: 'error',
  });
  return `export default ${JSON.stringify(module.routeAddresses(), null, 2)};\n`;
}

export function routeAddressesPlugin(): Plugin {
  return {
    name: 'shutterlane-route-addresses',
    resolveId: (id) => (id === ROUTE_ADDRESSES_MODULE ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(routeTable);
      return routeAddressesSource();
    },
  };
}
