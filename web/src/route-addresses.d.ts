/**
 * Written by web/scripts/route-addresses.ts from shared/contract/routes.ts: the route table without its
 * schemas, the public routes in one module (with the seller routes' names), the seller routes in another.
 */
declare module 'virtual:route-addresses' {
  import type { PublicRouteName, RouteAddresses, SellerRouteName } from '#shared/contract/routes';

  const addresses: Pick<RouteAddresses, PublicRouteName>;
  export default addresses;
  export const sellerRouteNames: readonly SellerRouteName[];
}

declare module 'virtual:route-addresses/seller' {
  import type { RouteAddresses, SellerRouteName } from '#shared/contract/routes';

  const addresses: Pick<RouteAddresses, SellerRouteName>;
  export default addresses;
}
