/**
 * Business constants of both specification documents (section 9), defined once.
 * Durations are in milliseconds unless the name says otherwise.
 */

/** Customer side (public document, section 9). */
export const ORDER_AVAILABLE_DAYS = 30;
export const DEFAULT_CURRENCY = 'GBP';
export const PLATFORM_FEE_PERCENT = 5;
export const PAYOUT_DELAY_DAYS = 28;
/** Ours: the customer is reminded this many days before a fulfilled order's access ends (most first). */
export const ACCESS_REMINDER_DAYS = [7, 1] as const;
/** Ours: the most days a seller adds to an order's access at once. */
export const ACCESS_EXTENSION_MAX_DAYS = 365;
export const CONNECT_ONBOARDING_MINUTES = '5-10';
export const CONNECT_VERIFICATION_BUSINESS_DAYS = '1-2';

export const CAROUSEL_ANIMATION_LOCK_MS = 300;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 50;
export const CARD_SCROLL_STEP_PX = 320;
export const MOBILE_CARDS_BEFORE_MORE = 3;
export const WWW_REDIRECT_DELAY_MS = 100;
export const VIDEO_VISIBILITY_THRESHOLD = 0.9;
export const VIDEO_START_DELAY_MS = 100;

export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsentV2';
export const COOKIE_CONSENT_DEFAULTS = { functional: true, analytics: false, marketing: false } as const;

export const HOME_FAQ_LIMIT = 5;
export const BLOG_PAGE_SIZE = 9;
export const BLOG_FETCH_DEFAULT = 10;
export const BLOG_CARD_CATEGORY_BADGES = 2;
export const IMAGE_SIZE_CARD = { w: 400, h: 250 } as const;
export const IMAGE_SIZE_ARTICLE = { w: 800, h: 400 } as const;
export const IMAGE_SIZE_AUTHOR_AVATAR = { w: 60, h: 60 } as const;
export const CONTENT_API_VERSION_FAQS = '2024-01-01';
export const CONTENT_API_VERSION_PAGES = '2023-01-01';
export const CONTENT_DATASET = 'production';

export const ZIP_FILE_PREFIX = 'shutterlane-';
export const ZIP_ORDER_ID_CHARS = 8;
export const SHARE_TITLE = 'My Photo';
export const SHARE_TEXT = 'Check out this photo!';
export const VIEWER_DOWNLOAD_URL_REVOKE_MS = 30_000;
export const SINGLE_DOWNLOAD_URL_REVOKE_MS = 100;

export const MASONRY = {
  spacing: 20,
  bottomMargin: 20,
  defaultBox: { width: 200, height: 200 },
  breakpoints: [
    { minWidth: 1200, columns: 5, spacing: 20 },
    { minWidth: 600, columns: 4, spacing: 15 },
    { minWidth: 300, columns: 3, spacing: 10 },
    { minWidth: 0, columns: 2, spacing: 5 },
  ],
} as const;

export const LIGHTBOX = {
  fadeMs: 250,
  swipeMs: 500,
  preload: 2,
  spacing: '30%',
  paddingPx: 16,
  swipeDistanceThresholdPx: 30,
  pullCloseRangePx: 60,
} as const;

/** Seller side (account document, section 9). */
export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 8;
export const RESET_CODE_DIGITS = 6;
export const CONNECT_POLL_INTERVAL_MS = 2000;
export const CONNECT_POLL_MAX_ATTEMPTS = 15;
export const RESET_MODAL_GAP_MS = 300;
export const DASHBOARD_LINK_DELAY_MS = 300;
export const ACCOUNT_SETUP_REDIRECT_MS = 3000;
export const RESET_SUCCESS_REDIRECT_MS = 2000;
export const SIGNOUT_COUNTDOWN_SECONDS = 5;
export const AUTH_RECHECK_THROTTLE_MS = 2000;
export const CREDENTIALS_REFRESH_MS = 50 * 60 * 1000;
export const SIGNIN_STATE_EXPIRY_MS = 3 * 60 * 1000;
export const SIGNIN_MAX_RETRIES = 3;
export const GALLERY_PAGE_SIZE = 9;
export const GALLERY_GRID_COLUMNS = { min: 2, max: 8 } as const;
export const LAZY_IMAGE_MARGIN = '100px';
export const CURRENCY_SYMBOL_GBP = '£';

/** Our own decisions where the spec is silent (see docs/decisions.md). */
/** In a module of its own: the order page's first chunk needs it, not the rest of this file. */
export { CAPTCHA_ACTIONS } from '../contract/captcha-actions';
export const CAPTCHA_DEFAULT_MIN_SCORE = 0.5;
/** Signed GET URLs of thumbnails and originals live at most this long. */
export const SIGNED_URL_TTL_SECONDS = 3600;
/**
 * A default-lifetime URL (a thumbnail in the seller's grid or on an order page) is signed for a fixed
 * window of this length rather than for the moment it is asked for, so the grid's polls hand out the
 * same URL and the browser reuses the image it has. It then lives between SIGNED_URL_TTL_SECONDS and
 * that plus this window (functions/lib/signing-window.ts).
 */
export const SIGNED_URL_WINDOW_SECONDS = 600;
/**
 * A customer's download URLs (a fulfilled order's photos) live this long, and the order page re-signs
 * them before they end. A presigned URL cannot be revoked, so this is the longest a URL handed out before
 * a refund or dispute keeps working; after that nothing new is signed (docs/decisions.md).
 */
export const CUSTOMER_URL_TTL_SECONDS = 600;
export const THUMBNAIL_MAX_PX = 400;
/**
 * The width of the customer gallery's grid-sized WebP thumbnail (ours): a desktop's
 * five-column masonry shows a photo at most about 234 CSS px wide (80rem column), where the 400 px
 * thumbnail downloaded nearly three times the pixels shown. Phones and high-density screens still take
 * the 400 px one through `srcset`.
 */
export const GRID_THUMBNAIL_WIDTH_PX = 240;
export const OPTIMIZED_MAX_PX = 2048;

/** Seller accounts: our decisions where the spec is silent (docs/decisions.md). */
/** Upload limit of a seller without a subscription, until the payments work sets a plan. */
export const DEFAULT_MONTHLY_UPLOAD_LIMIT = 100;
/**
 * Where the emailed account-setup link points. In a module of its own because the SPA's entry chunk
 * needs it (the route list), and importing constants.ts there would put every constant in the entry.
 */
export { ACCOUNT_SETUP_PATH } from '../contract/account-setup-path';

/** Seller web tools: our decisions where the spec is silent (docs/decisions.md). */
/**
 * Largest file a seller may upload: 400 MB (MiB) holds a 61 MP 16-bit uncompressed TIFF (about 366 MB)
 * or a 100 MP 8-bit one, and any RAW-to-JPEG export (docs/decisions.md, "Resumable uploads").
 */
export const MAX_UPLOAD_BYTES = 400 * 1024 * 1024;
/** MAX_UPLOAD_BYTES in the megabytes sellers read (binary megabytes, as operating systems show sizes). */
export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);
/**
 * Files larger than this go up as an S3 multipart upload of MULTIPART_PART_BYTES parts, each resumable
 *; smaller ones as one signed PUT. Two parts at least, so a multipart upload is worth it.
 */
export const MULTIPART_THRESHOLD_BYTES = 16 * 1024 * 1024;
/** Part size of a multipart upload (S3 wants 5 MiB at least but the last): at most 50 parts per file. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;
/** Part URLs one request may sign. */
export const MULTIPART_URLS_PER_REQUEST = 100;
/** Parts the browser sends at once for one file. */
export const MULTIPART_CONCURRENCY = 3;
/** Image types sharp (the resize trigger) reads; the file's content is checked again there. */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/tiff',
  'image/avif',
  'image/gif',
] as const;
/** Files uploaded at once by the browser. */
export const UPLOAD_CONCURRENCY = 4;
/**
 * Attempts per file (the first and four retries, 1, 2, 4 and 8 s apart: a server's bad quarter of a
 * minute does not fail a file) before it is reported as failed. Network losses do not count.
 */
export const UPLOAD_ATTEMPTS = 5;
/** The gallery view re-reads the gallery this often while photos are still being processed. */
export const GALLERY_POLL_MS = 1000;
/**
 * Photos a re-read of the gallery may ask thumbnails for by id (`thumbnailsFor`): the grid asks only for
 * the photos it has none of yet, so a poll signs a few URLs rather than one per photo.
 */
export const GALLERY_THUMBNAILS_FOR_MAX = 100;
/** Orders per page in the seller's list. */
export const ORDERS_PAGE_SIZE = 20;
/**
 * How long an order made from a customer's pick in a public gallery waits for its payment (or, free, its
 * completion): its Checkout Session ends with it. Twice Stripe's 30-minute minimum session, enough for a
 * card, 3-D Secure or a bank's redirect; the gallery stays open to pick again (docs/decisions.md,
 * "Picks that cannot be abused").
 */
export const PICK_ORDER_CHECKOUT_MINUTES = 60;
/** Stripe's smallest card charge in GBP, in pence. */
export const MIN_PAID_ORDER_MINOR = 30;
