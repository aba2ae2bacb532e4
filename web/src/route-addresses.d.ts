/** Written by web/scripts/route-addresses.ts from shared/routes.ts: the route table without its schemas. */
declare module 'virtual:route-addresses' {
  import type { RouteAddresses } from '#shared/routes';

  const addresses: RouteAddresses;
  export default addresses;
}
