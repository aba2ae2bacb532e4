/** Written by web/scripts/route-addresses.ts from shared/contract/routes.ts: the route table without its schemas. */
declare module 'virtual:route-addresses' {
  import type { RouteAddresses } from '#shared/contract/routes';

  const addresses: RouteAddresses;
  export default addresses;
}
