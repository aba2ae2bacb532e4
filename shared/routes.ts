/**
 * The route table: every API call of both specification documents (section 7) plus the seller
 * web tools. The CDK API routes, the local gateway and the SPA's typed client are derived from it.
 *
 * Paths are relative to the API base (`/api`): API Gateway serves them on a stage named `api`, so
 * CloudFront can route `/api/*` to it unchanged, and the Vite dev server proxies `/api` locally.
 */
import * as z from 'zod/mini';
import { endpoints, type Caller, type EndpointName, type Endpoints, type HttpMethod } from './endpoints';
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
import { PricingTableReferenceResponse } from './schemas/billing';
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
  Photo,
  ThumbnailsBody,
  ThumbnailsQuery,
  ThumbnailsResponse,
} from './schemas/gallery';
import { PageQuery } from './schemas/common';
import { ContentImageParams, ContentQueryParams, ContentQueryResponse } from './schemas/content-api';

export type { Caller, HttpMethod } from './endpoints';
export { buildPath, matchPath, pathParamNames } from './endpoints';

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
    ...endpoints.publicOrder,
    group: 'public-orders',
    params: OrderIdParams,
    body: CaptchaBody,
    response: PublicOrder,
  }),
  fulfilledOrder: route({
    ...endpoints.fulfilledOrder,
    group: 'public-orders',
    params: OrderIdParams,
    body: CaptchaBody,
    response: FulfilledOrder,
  }),
  validateCheckout: route({
    ...endpoints.validateCheckout,
    group: 'checkout',
    params: OrderIdParams,
    body: ValidateCheckoutBody,
    response: ValidateCheckoutResponse,
  }),
  completeCheckout: route({
    ...endpoints.completeCheckout,
    group: 'checkout',
    params: OrderIdParams,
    body: CompleteCheckoutBody,
    response: CompleteCheckoutResponse,
  }),
  stripeWebhook: route({
    ...endpoints.stripeWebhook,
    group: 'stripe-webhook',
    response: z.object({ received: z.boolean() }),
  }),

  // ---- Seller accounts (account document, section 7)
  signUp: route({ ...endpoints.signUp, group: 'users', body: SignUpBody, response: SignUpResponse }),
  currentUser: route({ ...endpoints.currentUser, group: 'users', response: User }),
  updateProfile: route({
    ...endpoints.updateProfile,
    group: 'users',
    body: UpdateProfileBody,
    response: User,
  }),
  requestPasswordReset: route({
    ...endpoints.requestPasswordReset,
    group: 'users',
    body: EmailBody,
    response: MessageResponse,
  }),
  confirmPasswordReset: route({
    ...endpoints.confirmPasswordReset,
    group: 'users',
    body: ConfirmPasswordResetBody,
    response: MessageResponse,
  }),
  verifyEmail: route({
    ...endpoints.verifyEmail,
    group: 'users',
    body: VerifyEmailBody,
    response: SuccessResponse,
  }),
  resendVerification: route({
    ...endpoints.resendVerification,
    group: 'users',
    body: EmailBody,
    response: MessageResponse,
  }),
  setPassword: route({
    ...endpoints.setPassword,
    group: 'users',
    body: SetPasswordBody,
    response: SuccessResponse,
  }),

  // ---- Payment acceptance and subscription
  connectOnboarding: route({
    ...endpoints.connectOnboarding,
    group: 'connect',
    body: Empty,
    response: ConnectOnboardingResponse,
  }),
  connectStatus: route({ ...endpoints.connectStatus, group: 'connect', response: ConnectStatus }),
  billingPortal: route({
    ...endpoints.billingPortal,
    group: 'billing',
    body: Empty,
    response: BillingPortalResponse,
  }),
  subscriptionCheckout: route({
    ...endpoints.subscriptionCheckout,
    group: 'billing',
    body: SubscriptionCheckoutBody,
    response: SubscriptionCheckoutResponse,
  }),
  // The client reference Stripe's pricing table carries for a signed-in seller (single-use, expiring).
  pricingTableReference: route({
    ...endpoints.pricingTableReference,
    group: 'billing',
    body: Empty,
    response: PricingTableReferenceResponse,
  }),

  // ---- Seller galleries and photos (account document, section 7, plus the web tools)
  listGalleries: route({
    ...endpoints.listGalleries,
    group: 'galleries',
    query: ListGalleriesQuery,
    response: GalleryList,
  }),
  createGallery: route({
    ...endpoints.createGallery,
    group: 'galleries',
    body: GalleryBody,
    response: Gallery,
  }),
  getGallery: route({
    ...endpoints.getGallery,
    group: 'galleries',
    params: GalleryIdParams,
    query: GalleryDetailsQuery,
    response: Gallery,
  }),
  renameGallery: route({
    ...endpoints.renameGallery,
    group: 'galleries',
    params: GalleryIdParams,
    body: GalleryBody,
    response: Gallery,
  }),
  deleteGallery: route({
    ...endpoints.deleteGallery,
    group: 'galleries',
    params: GalleryIdParams,
    response: null,
  }),
  galleryThumbnails: route({
    ...endpoints.galleryThumbnails,
    group: 'galleries',
    params: GalleryIdParams,
    query: ThumbnailsQuery,
    body: ThumbnailsBody,
    response: ThumbnailsResponse,
  }),
  photoDownload: route({
    ...endpoints.photoDownload,
    group: 'galleries',
    params: GalleryPhotoParams,
    response: null,
  }),
  createUploads: route({
    ...endpoints.createUploads,
    group: 'uploads',
    params: GalleryIdParams,
    body: CreateUploadsBody,
    response: CreateUploadsResponse,
  }),
  deletePhoto: route({
    ...endpoints.deletePhoto,
    group: 'uploads',
    params: GalleryPhotoParams,
    response: null,
  }),
  retryPhoto: route({
    ...endpoints.retryPhoto,
    group: 'uploads',
    params: GalleryPhotoParams,
    response: Photo,
  }),

  // ---- Seller orders
  createOrder: route({
    ...endpoints.createOrder,
    group: 'orders',
    body: CreateOrderBody,
    response: SellerOrder,
  }),
  listOrders: route({
    ...endpoints.listOrders,
    group: 'orders',
    query: PageQuery,
    response: SellerOrderList,
  }),
  getOrder: route({ ...endpoints.getOrder, group: 'orders', params: OrderIdParams, response: SellerOrder }),

  // ---- Content API: the query string, POST body and errors are Sanity's (functions/content reads them)
  contentQuery: route({
    ...endpoints.contentQuery,
    group: 'content',
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  contentQueryPost: route({
    ...endpoints.contentQueryPost,
    group: 'content',
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  /** Answers image bytes, not JSON. */
  contentImage: route({
    ...endpoints.contentImage,
    group: 'content',
    params: ContentImageParams,
    response: null,
  }),
} as const satisfies { [N in EndpointName]: RouteDef & Endpoints[N] };

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** API Gateway's route key, e.g. `POST /public/orders/{orderId}`. */
export const routeKey = (r: RouteDef): string => `${r.method} ${r.path}`;

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
export type RouteParams<N extends RouteName> = Infer<Routes[N] extends { params: infer P } ? P : undefined>;
export type RouteQuery<N extends RouteName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type RouteBody<N extends RouteName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type RouteQueryInput<N extends RouteName> = InferInput<
  Routes[N] extends { query: infer Q } ? Q : undefined
>;
export type RouteResponse<N extends RouteName> = Infer<Routes[N]['response']>;
