/**
 * The routes' addresses without their schemas: method, path, caller and success status.
 *
 * `routes.ts` builds the full route table on this one. It exists so the SPA's API client can be derived
 * from the contract without bundling every zod schema: the schemas are created at module load, so any
 * import of `routes.ts` keeps all of them (and zod) in the browser chunk that imports it.
 * This module imports nothing at run time.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone (`public`), a signed-in seller with a Cognito ID token checked by the
 * JWT authorizer (`seller`), or Stripe, whose signature the handler verifies on the raw body (`stripe`).
 */
export type Caller = 'public' | 'seller' | 'stripe';

export interface Endpoint {
  method: HttpMethod;
  path: `/${string}`;
  caller: Caller;
  /** Success status when it is not 200; 204 and 302 carry no JSON body. */
  status?: 201 | 204 | 302;
}

const endpoint = <const E extends Endpoint>(def: E): E => def;

export const endpoints = {
  // ---- Customer: order access and checkout
  publicOrder: endpoint({ method: 'POST', path: '/public/orders/{orderId}', caller: 'public' }),
  fulfilledOrder: endpoint({ method: 'POST', path: '/public/orders/{orderId}/photos', caller: 'public' }),
  validateCheckout: endpoint({
    method: 'POST',
    path: '/orders/{orderId}/validate-checkout',
    caller: 'public',
  }),
  completeCheckout: endpoint({
    method: 'POST',
    path: '/orders/{orderId}/complete-checkout',
    caller: 'public',
  }),
  stripeWebhook: endpoint({ method: 'POST', path: '/webhooks/stripe', caller: 'stripe' }),

  // ---- Seller accounts
  signUp: endpoint({ method: 'POST', path: '/public/users', caller: 'public', status: 201 }),
  currentUser: endpoint({ method: 'GET', path: '/users', caller: 'seller' }),
  updateProfile: endpoint({ method: 'PATCH', path: '/users', caller: 'seller' }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/public/request-password-reset',
    caller: 'public',
  }),
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: '/public/confirm-password-reset',
    caller: 'public',
  }),
  verifyEmail: endpoint({ method: 'POST', path: '/public/verify-email', caller: 'public' }),
  resendVerification: endpoint({ method: 'POST', path: '/public/resend-verification', caller: 'public' }),
  setPassword: endpoint({ method: 'POST', path: '/public/set-password', caller: 'public' }),

  // ---- Payment acceptance and subscription
  connectOnboarding: endpoint({ method: 'POST', path: '/connect/onboarding', caller: 'seller' }),
  connectStatus: endpoint({ method: 'GET', path: '/connect/status', caller: 'seller' }),
  billingPortal: endpoint({ method: 'POST', path: '/billing/portal', caller: 'seller' }),
  subscriptionCheckout: endpoint({ method: 'POST', path: '/billing/checkout', caller: 'seller' }),
  pricingTableReference: endpoint({
    method: 'POST',
    path: '/billing/pricing-table-reference',
    caller: 'seller',
  }),

  // ---- Seller galleries and photos
  listGalleries: endpoint({ method: 'GET', path: '/galleries', caller: 'seller' }),
  createGallery: endpoint({ method: 'POST', path: '/galleries', caller: 'seller', status: 201 }),
  getGallery: endpoint({ method: 'GET', path: '/galleries/{galleryId}', caller: 'seller' }),
  renameGallery: endpoint({ method: 'PATCH', path: '/galleries/{galleryId}', caller: 'seller' }),
  deleteGallery: endpoint({
    method: 'DELETE',
    path: '/galleries/{galleryId}',
    caller: 'seller',
    status: 204,
  }),
  galleryThumbnails: endpoint({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/thumbnails',
    caller: 'seller',
  }),
  photoDownload: endpoint({
    method: 'GET',
    path: '/galleries/{galleryId}/photos/{photoId}/download',
    caller: 'seller',
    status: 302,
  }),
  createUploads: endpoint({ method: 'POST', path: '/galleries/{galleryId}/uploads', caller: 'seller' }),
  deletePhoto: endpoint({
    method: 'DELETE',
    path: '/galleries/{galleryId}/photos/{photoId}',
    caller: 'seller',
    status: 204,
  }),
  /** Processes a FAILED photo again from its kept original (answers the photo, now PROCESSING). */
  retryPhoto: endpoint({
    method: 'POST',
    path: '/galleries/{galleryId}/photos/{photoId}/retry',
    caller: 'seller',
  }),

  // ---- Seller orders
  createOrder: endpoint({ method: 'POST', path: '/orders', caller: 'seller', status: 201 }),
  listOrders: endpoint({ method: 'GET', path: '/orders', caller: 'seller' }),
  getOrder: endpoint({ method: 'GET', path: '/orders/{orderId}', caller: 'seller' }),

  // ---- Content API (Sanity's query HTTP API and image CDN over the bundled dataset)
  contentQuery: endpoint({
    method: 'GET',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
  }),
  contentQueryPost: endpoint({
    method: 'POST',
    path: '/content/{apiVersion}/data/query/{dataset}',
    caller: 'public',
  }),
  contentImage: endpoint({
    method: 'GET',
    path: '/content/images/{projectId}/{dataset}/{file}',
    caller: 'public',
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The `{name}` placeholders of a route path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

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
