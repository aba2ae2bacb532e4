/**
 * What a route of the table is: its address, who may call it, the group whose function serves it,
 * its schemas, its success and its error answers. The route groups (route-groups/*.ts) declare their
 * routes with `route`, and routes.ts assembles them into the one table.
 */
import type * as z from 'zod/mini';
import type { TeamRole } from '../rules/team-roles';
import type { RouteAddress } from './route-paths';
import { EVERY_ROUTE_ANSWERS, SELLER_ROUTE_ANSWERS, type ErrorAnswer } from './error-answers';

/** One Lambda function per route group. */
export const ROUTE_GROUPS = [
  'public-orders',
  'checkout',
  'stripe-webhook',
  'users',
  'connect',
  'billing',
  'galleries',
  'uploads',
  'orders',
  'content',
  'public-galleries',
  'previews',
  'branding',
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

type Schema = z.ZodMiniType;

export type HttpMethod = RouteAddress['method'];

/**
 * Who may call a route: anyone (`public`), a signed-in seller with a Cognito ID token checked by the
 * JWT authorizer (`seller`), or Stripe, whose signature the handler verifies on the raw body (`stripe`).
 */
export type Caller = 'public' | 'seller' | 'stripe';

export interface RouteDef extends RouteAddress {
  caller: Caller;
  /**
   * A seller route's least team role (shared/rules/team-roles.ts), checked on every call against the
   * caller's membership as stored, not a token claim (functions/lib/http.ts).
   */
  minRole?: TeamRole;
  group: RouteGroup;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The success body; `null` for routes that answer with a redirect or no content. */
  response: Schema | null;
  /** Success status when it is not 200; 204 and 302 carry no JSON body. */
  status?: 201 | 204 | 302;
  /** Every error answer the route can give: the caller's common ones first, then its own. */
  errors: readonly ErrorAnswer[];
}

/** A route as its group writes it: its own error answers only. */
export type RouteSpec = Omit<RouteDef, 'errors'> & { errors: readonly ErrorAnswer[] };

type CommonAnswers<C extends Caller> = C extends 'seller'
  ? typeof SELLER_ROUTE_ANSWERS
  : typeof EVERY_ROUTE_ANSWERS;

/** The route with the answers its caller kind can get from any route put before its own. */
export type WithCommonAnswers<R extends RouteSpec> = Omit<R, 'errors'> & {
  errors: readonly [...CommonAnswers<R['caller']>, ...R['errors']];
};

/** A seller route must name its least role; no other route may. */
type RoleRule<R extends RouteSpec> = R['caller'] extends 'seller'
  ? { minRole: TeamRole }
  : { minRole?: never };

export function route<const R extends RouteSpec>(spec: R & RoleRule<R>): WithCommonAnswers<R> {
  if ((spec.caller === 'seller') !== (spec.minRole !== undefined))
    throw new Error(`${spec.method} ${spec.path}: a seller route, and only one, names its minRole`);
  const common = spec.caller === 'seller' ? SELLER_ROUTE_ANSWERS : EVERY_ROUTE_ANSWERS;
  const errors: readonly ErrorAnswer[] = [...common, ...spec.errors];
  // The spread builds the declared tuple; TypeScript cannot follow a spread of a conditional type.
  return { ...spec, errors } as unknown as WithCommonAnswers<R>;
}
