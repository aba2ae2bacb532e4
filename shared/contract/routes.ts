/**
 * The route table: every API call of both specification documents (section 7) plus the seller
 * web tools, each declared once, in the file of its group (contract/route-groups/*.ts, one per
 * Lambda function), with its schemas, its success and its error answers. The CDK API routes, the
 * local gateway, each group's handler map (functions/lib/http.ts groupHandler) and the SPA's typed
 * client derive from it.
 *
 * Paths are relative to the API base (API_BASE in route-paths.ts, `/api`): API Gateway serves them on
 * a stage of that name, so CloudFront can route `/api/*` to it unchanged, and the Vite dev server
 * proxies `/api` locally.
 *
 * The SPA never imports this module's values: the schemas are created at module load, so any import
 * keeps all of them (and zod) in the browser chunk. It gets the routes' addresses (routeAddresses
 * below) as the virtual module `virtual:route-addresses`, which web/scripts/route-addresses.ts writes
 * from this table at build time.
 */
import type * as z from 'zod/mini';
import type { DeclaredError } from './error-answers';
import type { Caller, RouteDef, RouteGroup } from './route-def';
import { billingRoutes } from './route-groups/billing';
import { brandingRoutes } from './route-groups/branding';
import { checkoutRoutes } from './route-groups/checkout';
import { connectRoutes } from './route-groups/connect';
import { contentRoutes } from './route-groups/content';
import { galleriesRoutes } from './route-groups/galleries';
import { ordersRoutes } from './route-groups/orders';
import { previewsRoutes } from './route-groups/previews';
import { publicGalleriesRoutes } from './route-groups/public-galleries';
import { publicOrdersRoutes } from './route-groups/public-orders';
import { stripeWebhookRoutes } from './route-groups/stripe-webhook';
import { uploadsRoutes } from './route-groups/uploads';
import { usersRoutes } from './route-groups/users';

// Server-side code and tests that read the table use its path helpers with it.
export { buildPath, matchPath, pathParamNames } from './route-paths';
export { ROUTE_GROUPS, type Caller, type HttpMethod, type RouteDef, type RouteGroup } from './route-def';

export const routes = {
  ...publicOrdersRoutes,
  ...checkoutRoutes,
  ...stripeWebhookRoutes,
  ...usersRoutes,
  ...connectRoutes,
  ...billingRoutes,
  ...galleriesRoutes,
  ...uploadsRoutes,
  ...publicGalleriesRoutes,
  ...previewsRoutes,
  ...brandingRoutes,
  ...ordersRoutes,
  ...contentRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** A seller route's least team role; undefined for every other route. */
export const minRoleOf = (name: RouteName): RouteDef['minRole'] => (routes[name] as RouteDef).minRole;

/** The names of the routes one group's function serves. */
export type RouteNameOf<G extends RouteGroup> = {
  [N in RouteName]: Routes[N]['group'] extends G ? N : never;
}[RouteName];

/** The names of the routes one kind of caller calls. */
type RouteNameFor<C extends Caller> = {
  [N in RouteName]: Routes[N]['caller'] extends C ? N : never;
}[RouteName];
export type PublicRouteName = RouteNameFor<'public'>;
export type SellerRouteName = RouteNameFor<'seller'>;

/** What a caller needs to know of a route: its address, who may call it and its success status. */
const ADDRESS_FIELDS = ['method', 'path', 'caller', 'status'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

export type RouteAddresses = {
  [N in RouteName]: Pick<Routes[N], Extract<AddressField, keyof Routes[N]>>;
};

/** The table without its schemas (what the SPA's client bundles, as `virtual:route-addresses`). */
export function routeAddresses(): RouteAddresses {
  const address = (route: RouteDef) =>
    Object.fromEntries(ADDRESS_FIELDS.filter((f) => route[f] !== undefined).map((f) => [f, route[f]]));
  const entries = Object.entries(routes).map(([name, route]) => [name, address(route)]);
  return Object.fromEntries(entries) as RouteAddresses;
}

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQueryInput<N extends RouteName> = InferInput<
  Routes[N] extends { query: infer Q } ? Q : undefined
>;
export type RouteResponse<N extends RouteName> = Infer<Routes[N]['response']>;

/**
 * The error answers route N declares, each as its status and body: a caller narrows on `status`, then
 * on the body's text (`message`, or `error.description` for the content API).
 */
export type RouteError<N extends RouteName> = DeclaredError<Routes[N]['errors'][number]>;
