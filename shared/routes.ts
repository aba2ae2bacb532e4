/**
 * The route table: every API call of both specification documents (section 7) plus the seller
 * web tools, each declared here once with its schemas. The CDK API routes, the local gateway, each
 * group's handler map (functions/lib/http.ts groupHandler) and the SPA's typed client derive from it.
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
import * as z from 'zod/mini';
import type { RouteAddress } from './route-paths';
import { Empty, PageQuery } from './schemas/common';
import {
  CaptchaBody,
  CompleteCheckoutBody,
  CompleteCheckoutResponse,
  CreateOrderBody,
  FulfilledOrder,
  ListOrdersQuery,
  OpenedOrder,
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
import {
  FaceSearchBody,
  FaceSearchResponse,
  HiddenPeopleView,
  HiddenPersonParams,
  HidePersonBody,
  PreviewParams,
  PublicGalleryAdmin,
  PublicGalleryBody,
  PublicGalleryPage,
  PublicGalleryPageBody,
  PublicGalleryOrderBody,
  PublicGalleryOrderResponse,
  PublicGalleryView,
  PublicIdParams,
  PublishGalleryBody,
} from './schemas/public-gallery';
import {
  LogoParams,
  LogoResponse,
  LogoUploadBody,
  LogoUploadResponse,
  SetLogoBody,
} from './schemas/branding';
import {
  CompleteMultipartBody,
  MultipartProgress,
  SignPartsBody,
  SignPartsResponse,
  StartMultipartUploadBody,
  StartMultipartUploadResponse,
} from './schemas/multipart';
import { ContentImageParams, ContentQueryParams, ContentQueryResponse } from './schemas/content-api';

// Server-side code and tests that read the table use its path helpers with it.
export { buildPath, matchPath, pathParamNames } from './route-paths';

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
  group: RouteGroup;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The success body; `null` for routes that answer with a redirect or no content. */
  response: Schema | null;
  /** Success status when it is not 200; 204 and 302 carry no JSON body. */
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
  openOrder: route({
    method: 'POST',
    path: '/public/orders/{orderId}/open',
    caller: 'public',
    group: 'public-orders',
    params: OrderIdParams,
    body: CaptchaBody,
    response: OpenedOrder,
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
    status: 201,
    group: 'users',
    body: SignUpBody,
    response: SignUpResponse,
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
  // The client reference Stripe's pricing table carries for a signed-in seller (single-use, expiring).
  pricingTableReference: route({
    method: 'POST',
    path: '/billing/pricing-table-reference',
    caller: 'seller',
    group: 'billing',
    body: Empty,
    response: PricingTableReferenceResponse,
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
    status: 201,
    group: 'galleries',
    body: GalleryBody,
    response: Gallery,
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
    status: 204,
    group: 'galleries',
    params: GalleryIdParams,
    response: null,
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
    status: 302,
    group: 'galleries',
    params: GalleryPhotoParams,
    response: null,
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
    status: 204,
    group: 'uploads',
    params: GalleryPhotoParams,
    response: null,
  }),
  /** Processes a FAILED photo again from its kept original (answers the photo, now PROCESSING). */
  retryPhoto: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/retry',
    caller: 'seller',
    group: 'uploads',
    params: GalleryPhotoParams,
    response: Photo,
  }),

  // ---- Resumable uploads (issue 17): a file over MULTIPART_THRESHOLD_BYTES as an S3 multipart upload
  /** Claims the file against the monthly limit (as createUploads does) and starts its multipart upload. */
  startMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/multipart-uploads',
    caller: 'seller',
    status: 201,
    group: 'uploads',
    params: GalleryIdParams,
    body: StartMultipartUploadBody,
    response: StartMultipartUploadResponse,
  }),
  /** The upload's plan and the parts S3 holds (ListParts): where a reloaded page resumes. */
  multipartProgress: route({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    group: 'uploads',
    params: GalleryPhotoParams,
    response: MultipartProgress,
  }),
  /** Presigned UploadPart URLs for the given parts, each signing its part's exact size. */
  signMultipartParts: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/parts',
    caller: 'seller',
    group: 'uploads',
    params: GalleryPhotoParams,
    body: SignPartsBody,
    response: SignPartsResponse,
  }),
  /** Checks the parts against the declared size, then completes (or aborts, answering 400). */
  completeMultipartUpload: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart/complete',
    caller: 'seller',
    group: 'uploads',
    params: GalleryPhotoParams,
    body: CompleteMultipartBody,
    response: Photo,
  }),
  /** Aborts the upload (S3 drops its parts) and removes the photo that was waiting for it. */
  abortMultipartUpload: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}/multipart',
    caller: 'seller',
    status: 204,
    group: 'uploads',
    params: GalleryPhotoParams,
    response: null,
  }),

  // ---- Public galleries (issue 16): the seller's side
  publicGallerySettings: route({
    method: 'GET',
    path: '/galleries/{galleryId}/public',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    response: PublicGalleryAdmin,
  }),
  publishGallery: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    body: PublishGalleryBody,
    response: PublicGalleryAdmin,
  }),
  /** Lifts a PIN's lock after too many wrong PINs: its count of wrong PINs starts again. */
  unlockPublicGalleryPin: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public/pin-unlock',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    response: PublicGalleryAdmin,
  }),

  // ---- Hiding a person from a public gallery: the withheld photos, for the seller to review and release
  listHiddenPeople: route({
    method: 'GET',
    path: '/galleries/{galleryId}/public/hidden',
    caller: 'seller',
    group: 'galleries',
    params: GalleryIdParams,
    query: PageQuery,
    response: HiddenPeopleView,
  }),
  hidePerson: route({
    method: 'POST',
    path: '/galleries/{galleryId}/public/hidden',
    caller: 'seller',
    status: 201,
    group: 'galleries',
    params: GalleryIdParams,
    body: HidePersonBody,
    response: HiddenPeopleView,
  }),
  /** The person is hidden no more: their reference goes, and the photos withheld for them alone return. */
  unhidePerson: route({
    method: 'DELETE',
    path: '/galleries/{galleryId}/public/hidden/{personId}',
    caller: 'seller',
    status: 204,
    group: 'galleries',
    params: HiddenPersonParams,
    response: null,
  }),
  /** The seller reviewed a withheld photo and shows it again (a later match of the same people does not withhold it). */
  releasePhoto: route({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/release',
    caller: 'seller',
    status: 204,
    group: 'galleries',
    params: GalleryPhotoParams,
    response: null,
  }),

  // ---- Public galleries: the customer's side (published, open, PIN checked)
  publicGallery: route({
    method: 'POST',
    path: '/public/galleries/{publicId}',
    caller: 'public',
    group: 'public-galleries',
    params: PublicIdParams,
    body: PublicGalleryBody,
    response: PublicGalleryView,
  }),
  /** The pages after the view's first, as the customer scrolls (cursor from the page before). */
  publicGalleryPhotos: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/photos',
    caller: 'public',
    group: 'public-galleries',
    params: PublicIdParams,
    body: PublicGalleryPageBody,
    response: PublicGalleryPage,
  }),
  publicGallerySearch: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/search',
    caller: 'public',
    group: 'public-galleries',
    params: PublicIdParams,
    body: FaceSearchBody,
    response: FaceSearchResponse,
  }),
  publicGalleryOrder: route({
    method: 'POST',
    path: '/public/galleries/{publicId}/orders',
    caller: 'public',
    status: 201,
    group: 'public-galleries',
    params: PublicIdParams,
    body: PublicGalleryOrderBody,
    response: PublicGalleryOrderResponse,
  }),
  /**
   * A watermarked preview not made yet: CloudFront serves `/previews/*` from the bucket and asks here
   * only for an object it does not find there (its origin group's failover, with this API's stage as
   * the path prefix). The answer is the image itself, stored on the way, so the next request finds it.
   */
  publicGalleryPreview: route({
    method: 'GET',
    path: '/previews/{publicId}/{closes}/{secret}/{photoId}/{size}',
    caller: 'public',
    group: 'previews',
    params: PreviewParams,
    response: null,
  }),

  // ---- The seller's brand (issue 16): the logo (the business name is part of the profile)
  startLogoUpload: route({
    method: 'POST',
    path: '/branding/logo-uploads',
    caller: 'seller',
    status: 201,
    group: 'branding',
    body: LogoUploadBody,
    response: LogoUploadResponse,
  }),
  setLogo: route({
    method: 'POST',
    path: '/branding/logo',
    caller: 'seller',
    group: 'branding',
    body: SetLogoBody,
    response: LogoResponse,
  }),
  deleteLogo: route({
    method: 'DELETE',
    path: '/branding/logo',
    caller: 'seller',
    status: 204,
    group: 'branding',
    response: null,
  }),
  /** A logo as customers and emails load it: a redirect to a short-lived URL of the stored PNG. */
  sellerLogo: route({
    method: 'GET',
    path: '/logos/{logoId}',
    caller: 'public',
    status: 302,
    group: 'branding',
    params: LogoParams,
    response: null,
  }),

  // ---- Seller orders
  createOrder: route({
    method: 'POST',
    path: '/orders',
    caller: 'seller',
    status: 201,
    group: 'orders',
    body: CreateOrderBody,
    response: SellerOrder,
  }),
  listOrders: route({
    method: 'GET',
    path: '/orders',
    caller: 'seller',
    group: 'orders',
    query: ListOrdersQuery,
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
  /** Ours: ends an unpaid order of the seller's (its Checkout Session expired at Stripe first). */
  cancelOrder: route({
    method: 'POST',
    path: '/orders/{orderId}/cancel',
    caller: 'seller',
    group: 'orders',
    params: OrderIdParams,
    body: Empty,
    response: SellerOrder,
  }),

  // ---- Content API: the query string, POST body and errors are Sanity's (functions/content reads them)
  contentQuery: route({
    method: 'GET',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  contentQueryPost: route({
    method: 'POST',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
    group: 'content',
    params: ContentQueryParams,
    response: ContentQueryResponse,
  }),
  /** Answers image bytes, not JSON. */
  contentImage: route({
    method: 'GET',
    path: '/content/images/{projectId}/{dataset}/{file}',
    caller: 'public',
    group: 'content',
    params: ContentImageParams,
    response: null,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The names of the routes one group's function serves. */
export type RouteNameOf<G extends RouteGroup> = {
  [N in RouteName]: Routes[N]['group'] extends G ? N : never;
}[RouteName];

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
