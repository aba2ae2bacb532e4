/**
 * The site's security headers, defined once. CloudFront sends them in AWS (infra/stacks/site-stack.ts),
 * the local preview and dev servers send them locally (web/vite.config.ts), each built from its own
 * deployment's origins, so the end-to-end tests run the SPA under the policy AWS serves.
 *
 * The Content-Security-Policy lists exactly what the SPA loads and calls: its own origin (the app, the API
 * under /api, /runtime-config.json, the bundled content API, the ZIP download's service worker and frame),
 * the sign-in endpoints, the photo buckets (presigned URLs), and the outside parties below. Sign-in tokens sit
 * in the browser's storage, so a script that is not ours must never run: no 'unsafe-inline', no
 * 'unsafe-eval', inline scripts by hash only. Pure: no AWS, no React, no Node.
 */

/** A CSP source expression: a keyword, a hash, an origin or an origin with a path prefix. */
type Source = string;

/** What one outside party's code needs the page to allow, per kind of request. */
export interface PartySources {
  script?: readonly Source[];
  style?: readonly Source[];
  connect?: readonly Source[];
  img?: readonly Source[];
  frame?: readonly Source[];
}

/** A deployment's origins: what AWS or the local stack puts behind each thing the SPA reaches. */
export interface SiteOrigins {
  /** Pages served over https: stray http:// subresources are upgraded (off for the all-http local stack). */
  https: boolean;
  /** The user pool's API endpoint: Amplify's SRP sign-in, token refresh and sign-out. */
  cognito?: Source;
  /** The hosted sign-in: Amplify exchanges the authorization code at its /oauth2/token. */
  hostedSignIn?: Source;
  /** The photo buckets: browsers PUT uploads and GET photos through presigned URLs. */
  buckets?: readonly Source[];
  /** reCAPTCHA v3, run by every order check and account form. */
  captcha?: PartySources;
  /** Stripe's embedded pricing table on /pricing. */
  stripe?: PartySources;
  /** The analytics tag and the tracking pixel, loaded only after consent. */
  analytics?: readonly PartySources[];
  /** The content store when it is Sanity; absent when it is the site's own /api/content. */
  content?: PartySources;
}

const SELF = "'self'";
const NONE = "'none'";

/** Google's reCAPTCHA as its FAQ lists it: api.js, the code it loads from gstatic, and its frames. */
export const RECAPTCHA: PartySources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * Stripe's pricing table (web/src/features/pricing/stripe-pricing-table.tsx): its loader on js.stripe.com
 * and the frame it draws in, with the hosts Stripe's security guide gives Stripe.js. Checkout itself is a
 * full-page redirect, which no directive governs.
 */
export const STRIPE_PRICING_TABLE: PartySources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Google tag for GA4 (web/src/lib/consent/google-tag.ts): gtag.js from www.googletagmanager.com, the
 * only host our code loads it from, and where Google's CSP guide says GA4 sends its hits.
 */
export const GOOGLE_TAG: PartySources = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

/** Meta's pixel (web/src/lib/consent/meta-pixel.ts): fbevents.js and its config, and its event endpoint. */
export const META_PIXEL: PartySources = {
  script: ['https://connect.facebook.net'],
  img: ['https://www.facebook.com'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
};

/** A Sanity project's query API (and its CDN, which the blog uses) and Sanity's image CDN. */
export function sanityContent(projectId: string): PartySources {
  if (!/^[a-z0-9-]+$/.test(projectId)) throw new Error(`Not a Sanity project id: "${projectId}"`);
  return {
    connect: [`https://${projectId}.api.sanity.io`, `https://${projectId}.apicdn.sanity.io`],
    img: ['https://cdn.sanity.io'],
  };
}

/**
 * index.html's inline theme script (it must run before the first paint, so it cannot be a module), by the
 * SHA-256 of its text. security-headers.test.ts fails when the script changes and this does not.
 */
export const THEME_SCRIPT_HASH = "'sha256-nC+7wlXl/LfYhaCDzoqm7yXdb9EMlq85CmkWNzZ4yaU='";

/**
 * index.html's inline public gallery request (a `/g/` page asks for its gallery and draws its cover
 * before the app has downloaded), by the SHA-256 of its text, as the theme script.
 */
export const EARLY_GALLERY_SCRIPT_HASH = "'sha256-qL+Yd6GsiI1uDXi9Q/HcYpZffLbG7FTiWOfRu58VgTs='";

/**
 * index.html's inline early shell (an order page's loading state, the checkout results' first screen and, on
 * a first visit, the cookie banner, drawn before the app has downloaded), by the SHA-256 of its text, as
 * the theme script.
 */
export const EARLY_SHELL_SCRIPT_HASH = "'sha256-pM2i25x1w+jkQMlYw5DXcISeFaQLWucmbZiLVAJ/vgI='";

/** A CSP hash source from a base64 SHA-256 digest of an inline script's exact text. */
export const cspHashSource = (sha256Base64: string): Source => `'sha256-${sha256Base64}'`;

/**
 * What Vite's dev server needs on top of the page policy, never in a build: its client's HMR websocket, the
 * React Refresh preamble it writes inline into index.html (by hash), and the <style> elements it inserts
 * for every imported CSS file (a build links .css files instead).
 */
export function viteDevClient(options: { websocket: Source; preambleHash: Source }): PartySources {
  return { script: [options.preambleHash], connect: [options.websocket], style: ["'unsafe-inline'"] };
}

/** Whitespace, `;` or `,` in a source would end the directive or the policy and let a value add its own. */
function checked(sources: readonly Source[]): Source[] {
  for (const source of sources) {
    if (source === '' || /[\s;,]/.test(source)) throw new Error(`Not a CSP source expression: "${source}"`);
  }
  return [...new Set(sources)];
}

/** The Content-Security-Policy of every page; `extra` is the dev server's additions. */
export function contentSecurityPolicy(origins: SiteOrigins, extra: PartySources = {}): string {
  const parties = [origins.captcha, origins.stripe, ...(origins.analytics ?? []), origins.content, extra];
  const from = (kind: keyof PartySources) => parties.flatMap((party) => party?.[kind] ?? []);
  const signIn = [origins.cognito, origins.hostedSignIn].filter((origin) => origin !== undefined);
  const buckets = origins.buckets ?? [];
  const directives: [string, Source[]][] = [
    ['default-src', [SELF]],
    // 'wasm-unsafe-eval': Find my photos compiles face-api's WebAssembly in the page (public galleries);
    // it allows compiling WebAssembly only, never eval or new Function.
    [
      'script-src',
      [
        SELF,
        THEME_SCRIPT_HASH,
        EARLY_GALLERY_SCRIPT_HASH,
        EARLY_SHELL_SCRIPT_HASH,
        "'wasm-unsafe-eval'",
        ...from('script'),
      ],
    ],
    // Our CSS is linked .css files; React's style props go through the CSSOM, which CSP does not govern.
    ['style-src', [SELF, ...from('style')]],
    // data: the QR codes; blob: the seller's full-size view of a photo fetched from its presigned URL.
    ['img-src', [SELF, 'data:', 'blob:', ...buckets, ...from('img')]],
    ['media-src', [SELF]],
    ['font-src', [SELF]],
    ['connect-src', [SELF, ...signIn, ...buckets, ...from('connect')]],
    // 'self': the ZIP download's hidden frame, answered by its service worker.
    ['frame-src', [SELF, ...from('frame')]],
    ['worker-src', [SELF]],
    ['manifest-src', [SELF]],
    // Every form submits through script; Checkout and the hosted sign-in are navigations, not form posts.
    ['form-action', [SELF]],
    ['frame-ancestors', [NONE]],
    ['object-src', [NONE]],
    ['base-uri', [SELF]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${checked(sources).join(' ')}`);
  return [...policy, ...(origins.https ? ['upgrade-insecure-requests'] : [])].join('; ');
}

/**
 * API answers are never meant to be documents: opened directly (a JSON error, an image of the content API)
 * they may run, load and frame nothing.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Two years, subdomains included; no `preload`: a preload-list entry takes months to undo, so submitting the
 * domain stays the operator's decision (hstspreload.org) once every subdomain serves https.
 */
export const HSTS = {
  maxAgeSeconds: 2 * 365 * 24 * 60 * 60,
  includeSubDomains: true,
  preload: false,
} as const;

/**
 * The origin alone on cross-origin requests (reCAPTCHA and Stripe see which site embeds them), nothing on a
 * downgrade; the path, which holds order ids, never leaves the site.
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Off: every powerful feature the SPA does not use. On for our own origin only: autoplay (the home page's
 * muted videos), fullscreen (video controls) and clipboard-write (copying an order link). The camera stays
 * off until the seller app uses it in the page (getUserMedia); taking a photo through the file picker needs
 * no permission. web-share (sharing an article) keeps its default, our origin only: naming it, like any
 * feature a browser lacks, puts a warning in that browser's console on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const FRAME_OPTIONS = 'DENY';

export type SecurityHeaders = Record<
  | 'Content-Security-Policy'
  | 'Strict-Transport-Security'
  | 'X-Frame-Options'
  | 'X-Content-Type-Options'
  | 'Referrer-Policy'
  | 'Permissions-Policy',
  string
>;

function headersWith(contentSecurity: string): SecurityHeaders {
  const { maxAgeSeconds, includeSubDomains, preload } = HSTS;
  return {
    'Content-Security-Policy': contentSecurity,
    'Strict-Transport-Security': [
      `max-age=${maxAgeSeconds}`,
      ...(includeSubDomains ? ['includeSubDomains'] : []),
      ...(preload ? ['preload'] : []),
    ].join('; '),
    'X-Frame-Options': FRAME_OPTIONS,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/** The headers of every page, file and asset the site serves. */
export const pageSecurityHeaders = (origins: SiteOrigins, extra?: PartySources): SecurityHeaders =>
  headersWith(contentSecurityPolicy(origins, extra));

/** The headers of every answer under /api. */
export const apiSecurityHeaders = (): SecurityHeaders => headersWith(API_CONTENT_SECURITY_POLICY);
