/**
 * The route table: every API call of both specification documents (section 7) plus the seller
 * web tools. The CDK API routes, the local gateway and the SPA's typed client are derived from it.
 *
 * Paths are relative to the API base (`/api`): API Gateway serves them on a stage named `api`, so
 * CloudFront can route `/api/*` to it unchanged, and the Vite dev server proxies `/api` locally.
 */
import { z } from 'zod/mini';
import { Empty } from './schemas/common';
import {
  CaptchaBody,
  CompleteCheckoutBody,
  CompleteCheckoutResponse,
  CreateOrderBody,
  FulfilledOrder,
  OrderIdParams,
  PublicOrder,
  SellerOrder,
  SellerOrderList,
  ValidateCheckoutBody,
  ValidateCheckoutResponse,
} from './schemas/order';
import {
  ConfirmPasswordResetBody,
  EmailBody,
  MessageResponse,
  SetPasswordBody,
  SignUpBody,
  SignUpResponse,
  SuccessResponse,
  UpdateProfileBody,
  User,
  VerifyEmailBody,
} from './schemas/user';
import {
  BillingPortalResponse,
  ConnectOnboardingResponse,
  ConnectStatus,
  SubscriptionCheckoutBody,
  SubscriptionCheckoutResponse,
} from './schemas/connect';
import {
  CreateUploadsBody,
  CreateUploadsResponse,
  Gallery,
  GalleryBody,
  GalleryDetailsQuery,
  GalleryIdParams,
  GalleryList,
  GalleryPhotoParams,
  ListGalleriesQuery,
  ThumbnailsBody,
  ThumbnailsQuery,
  ThumbnailsResponse,
} from './schemas/gallery';
import { PageQuery } from './schemas/common';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone (`public`), a signed-in seller with a Cognito ID token checked by the
 * JWT authorizer (`seller`), or Stripe, whose signature the handler verifies on the raw body (`stripe`).
 */
export type Caller = 'public' | 'seller' | 'stripe';

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
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

type Schema = z.ZodMiniType;

export interface RouteDef {
  method: HttpMethod;
  path: `/${string}`;
  caller: Caller;
  group: RouteGroup;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The success body; `null` for routes that answer with a redirect or no content. */
  response: Schema | null;
  /** Success status when it is not 200. */
  status?: 201 | 204 | 302;
}

const route = <const R extends RouteDef>(def: R): R => def;

export const routes = {
  // ---- Customer: order access and checkout (public document, section 7)
  publicOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}',
    caller: 'public',
    group: 'public-orders',
    params: OrderIdParams,
    body: CaptchaBody,
    response: PublicOrder,
  }),
  fulfilledOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/photos',
    caller: 'public',
    group: 'public-orders',
    params: OrderIdParams,
    body: CaptchaBody,
    response: FulfilledOrder,
  }),
  validateCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/validate-checkout',
    caller: 'public',
    group: 'checkout',
    params: OrderIdParams,
    body: ValidateCheckoutBody,
    response: ValidateCheckoutResponse,
  }),
  completeCheckout: route({
    method: 'POST',
    path: '/orders/{orderId}/complete-checkout',
    caller: 'public',
    group: 'checkout',
    params: OrderIdParams,
    body: CompleteCheckoutBody,
    response: CompleteCheckoutResponse,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/webhooks/stripe',
    caller: 'stripe',
    group: 'stripe-webhook',
    response: z.object({ received: z.boolean() }),
  }),

  // ---- Seller accounts (account document, section 7)
  signUp: route({
    method: 'POST',
    path: '/public/users',
    caller: 'public',
    group: 'users',
    body: SignUpBody,
    response: SignUpResponse,
    status: 201,
  }),
  currentUser: route({ method: 'GET', path: '/users', caller: 'seller', group: 'users', response: User }),
  updateProfile: route({
    method: 'PATCH',
    path: '/users',
    caller: 'seller',
    group: 'users',
    body: UpdateProfileBody,
    response: User,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/public/request-password-reset',
    caller: 'public',
    group: 'users',
    body: EmailBody,
    response: MessageResponse,
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/public/confirm-password-reset',
    caller: 'public',
    group: 'users',
    body: ConfirmPasswordResetBody,
    response: MessageResponse,
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/public/verify-email',
    caller: 'public',
    group: 'users',
    body: VerifyEmailBody,
    response: SuccessResponse,
  }),
  resendVerification: route({
    method: 'POST',
    path: '/public/resend-verification',
    caller: 'public',
    group: 'users',
    body: EmailBody,
    response: MessageResponse,
  }),
  setPassword: route({
    method: 'POST',
    path: '/public/set-password',
    caller: 'public',
    group: 'users',
    body: SetPasswordBody,
    response: SuccessResponse,
  }),

  // ---- Payment acceptance and subscription
  connectOnboarding: route({
    method: 'POST',
    path: '/connect/onboarding',
    caller: 'seller',
    group: 'connect',
    body: Empty,
    response: ConnectOnboardingResponse,
  }),
  connectStatus: route({
    method: 'GET',
    path: '/connect/status',
    caller: 'seller',
    group: 'connect',
    response: ConnectStatus,
  }),
  billingPortal: route({
    method: 'POST',
    path: '/billing/portal',
    caller: 'seller',
    group: 'billing',
    body: Empty,
    response: BillingPortalResponse,
  }),
  subscriptionCheckout: route({
    method: 'POST',
    path: '/billing/checkout',
    caller: 'seller',
    group: 'billing',
    body: SubscriptionCheckoutBody,
    response: SubscriptionCheckoutResponse,
  }),

  // ---- Seller galleries and photos (account document, section 7, plus the web tools)
  listGalleries: route({
    method: 'GET',
    path: '/galleries',
    caller: 'seller',
    group: 'galleries',
    query: ListGalleriesQuery,
    response: GalleryList,
  }),
  createGallery: route({
    method: 'POST',
    path: '/galleries',
    caller: 'seller',
    group: 'galleries',
    body: GalleryBody,
    response: Gallery,
    status: 201,
  }),
  getGallery: route({
    method: 'GET',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    query: GalleryDetailsQuery,
    response: Gallery,
  }),
  renameGallery: route({
    method: 'PATCH',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    body: GalleryBody,
    response: Gallery,
  }),
  deleteGallery: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    response: null,
    status: 204,
  }),
  galleryThumbnails: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/thumbnails',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    query: ThumbnailsQuery,
    body: ThumbnailsBody,
    response: ThumbnailsResponse,
  }),
  photoDownload: route({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/download',
    caller: 'seller',
    group: 'galleries',
    params: GalleryPhotoParams,
    response: null,
    status: 302,
  }),
  createUploads: route({
    method: 'POST',
    path: '/galleries/{galleryId}/uploads',
    caller: 'seller',
    group: 'uploads',
    params: GalleryIdParams,
    body: CreateUploadsBody,
    response: CreateUploadsResponse,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}',
    caller: 'seller',
    group: 'uploads',
    params: GalleryPhotoParams,
    response: null,
    status: 204,
  }),

  // ---- Seller orders
  createOrder: route({
    method: 'POST',
    path: '/orders',
    caller: 'seller',
    group: 'orders',
    body: CreateOrderBody,
    response: SellerOrder,
    status: 201,
  }),
  listOrders: route({
    method: 'GET',
    path: '/orders',
    caller: 'seller',
    group: 'orders',
    query: PageQuery,
    response: SellerOrderList,
  }),
  getOrder: route({
    method: 'GET',
    path: '/orders/{orderId}',
    caller: 'seller',
    group: 'orders',
    params: OrderIdParams,
    response: SellerOrder,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** API Gateway's route key, e.g. `POST /public/orders/{orderId}`. */
export const routeKey = (r: RouteDef): string => `${r.method} ${r.path}`;

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQueryInput<N extends RouteName> = InferInput<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteResponse<N extends RouteName> = Infer<Routes[N]['response']>;

/** Fills `{name}` placeholders of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a route path template; returns its parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    try {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    } catch {
      params[name] = match[i + 1] ?? '';
    }
  });
  return params;
}
