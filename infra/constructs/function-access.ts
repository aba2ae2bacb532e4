/**
 * What each function may touch: the one place that decides grants, environment and sizing.
 * A function gets the names of every table and bucket (functions/lib/env.ts parses them as one
 * group, and a name alone grants nothing) but IAM access only to what is listed here.
 */
import type { RouteGroup } from '#shared/routes';
import { BUNDLED_CONTENT } from '../../functions/content/bundled-content';
import type { BUCKETS, QueueName, TableName } from '../../functions/lib/storage-layout';

export type FunctionName = RouteGroup | 'resize' | 'resize-failures' | 'faces' | 'auth-triggers';
export type BucketName = keyof typeof BUCKETS;
export type TableAccess = 'read' | 'readWrite';
/** `read` signs GET URLs and reads, `put` signs PUT URLs and writes, `delete` removes objects. */
export type BucketAccess = 'read' | 'put' | 'delete';
/**
 * `send` sends messages. Reading a queue is granted with the consumer's event source, which Lambda's
 * poller reads it with (infra/stacks/media-stack.ts), never here.
 */
export type QueueAccess = 'send';
/** Configuration groups of functions/lib/env.ts beyond the table and bucket names. */
export type ConfigConcern =
  'app' | 'captcha' | 'stripe' | 'stripeWebhook' | 'cognito' | 'mail' | 'paging' | 'content';

export interface FunctionAccess {
  description: string;
  tables: Partial<Record<TableName, TableAccess>>;
  buckets: Partial<Record<BucketName, readonly BucketAccess[]>>;
  /** The background jobs' queues it sends to (storage-layout.ts QUEUES). */
  queues?: Partial<Record<QueueName, readonly QueueAccess[]>>;
  config: readonly ConfigConcern[];
  /** Cognito admin actions on the user pool (sign-up, sign-in and reset calls need no IAM). */
  cognitoActions?: readonly string[];
  memorySize?: number;
  timeoutSeconds?: number;
  /** Packages installed beside the bundle instead of bundled (native binaries, e.g. sharp's). */
  nodeModules?: readonly string[];
  /** Repository folders copied into the package at the same relative path (data the code reads). */
  bundledFolders?: readonly string[];
}

const SELLER_ADMIN_ACTIONS = [
  // Checks an account-setup code (a temporary password) server-side.
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminConfirmSignUp',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

export const FUNCTION_ACCESS: Record<FunctionName, FunctionAccess> = {
  'public-orders': {
    description: 'Customer order access: order details and, once fulfilled, signed photo URLs',
    tables: { orders: 'readWrite', photos: 'read', users: 'read', events: 'readWrite' },
    // Originals only through short-lived signed GET URLs after fulfilment; thumbnails before.
    buckets: { derived: ['read'], originals: ['read'] },
    // stripe: the order check creates (or reuses) the paid order's Checkout Session.
    config: ['app', 'captcha', 'stripe'],
    // A Checkout Session call with its retries (functions/lib/stripe.ts), within API Gateway's 30 s.
    timeoutSeconds: 25,
  },
  checkout: {
    description: 'Customer checkout: Stripe Checkout sessions and free-order completion',
    // galleries, photos: completing an order extends what it holds (order-holds.ts).
    tables: {
      orders: 'readWrite',
      photos: 'readWrite',
      galleries: 'readWrite',
      users: 'read',
      events: 'readWrite',
    },
    buckets: {},
    config: ['app', 'captcha', 'stripe', 'mail'],
    timeoutSeconds: 25,
  },
  'stripe-webhook': {
    description: 'Stripe webhooks: fulfilment, Connect account and subscription updates, once each',
    // galleries, photos: fulfilment extends what the order holds (order-holds.ts).
    tables: {
      orders: 'readWrite',
      users: 'readWrite',
      events: 'readWrite',
      photos: 'readWrite',
      galleries: 'readWrite',
    },
    buckets: {},
    config: ['app', 'stripe', 'stripeWebhook', 'mail'],
    timeoutSeconds: 25,
  },
  users: {
    description: 'Seller accounts: sign-up with invitation, profile, verification, password reset',
    tables: { users: 'readWrite', invites: 'readWrite', events: 'readWrite' },
    buckets: {},
    config: ['app', 'captcha', 'cognito', 'mail'],
    cognitoActions: SELLER_ADMIN_ACTIONS,
  },
  connect: {
    description: 'Seller payment acceptance: Stripe Connect Express onboarding and status',
    tables: { users: 'readWrite' },
    buckets: {},
    config: ['app', 'stripe'],
    timeoutSeconds: 25,
  },
  billing: {
    description: 'Seller subscription: Stripe Billing checkout and portal, pricing-table references',
    // events: the pricing table's single-use references are minted there (the webhook consumes them).
    tables: { users: 'readWrite', events: 'readWrite' },
    buckets: {},
    config: ['app', 'stripe'],
    timeoutSeconds: 25,
  },
  galleries: {
    description: 'Seller galleries: list, create, rename, delete, thumbnails, downloads, public galleries',
    // users: the photo counter moves when a gallery goes (a gallery an open order holds is kept), and a
    // priced public gallery needs the seller's payment acceptance; orders: a public gallery's sales;
    // publicGalleries, faces: publishing, and the face data the search switch and deletions remove.
    tables: {
      galleries: 'readWrite',
      photos: 'readWrite',
      users: 'readWrite',
      orders: 'read',
      publicGalleries: 'readWrite',
      faces: 'readWrite',
    },
    // originals read: the seller's full-size download is a signed GET; delete: a deleted gallery's files.
    buckets: { originals: ['read', 'delete'], derived: ['read', 'delete'] },
    // faces send: switching the face search on queues one walk over the gallery's photos (functions/faces).
    queues: { faces: ['send'] },
    config: ['app', 'paging'],
  },
  uploads: {
    description:
      'Seller uploads: presigned PUT URLs and resumable multipart uploads against the monthly limit, photo deletion and retries',
    // publicGalleries, faces: a deleted photo's face data goes with it.
    tables: {
      galleries: 'readWrite',
      photos: 'readWrite',
      users: 'readWrite',
      events: 'readWrite',
      publicGalleries: 'readWrite',
      faces: 'readWrite',
    },
    // originals read: a retry checks the kept original and copies it onto itself (a copy reads its source).
    buckets: { originals: ['read', 'put', 'delete'], derived: ['delete'] },
    config: ['app'],
  },
  orders: {
    description: 'Seller orders: create, list, view',
    // users: the seller's payment acceptance is read and the order counter moved; galleries and
    // photos: a new order holds them (order-holds.ts).
    tables: { orders: 'readWrite', galleries: 'readWrite', photos: 'readWrite', users: 'readWrite' },
    buckets: { derived: ['read'] },
    config: ['app', 'paging'],
  },
  'public-galleries': {
    description: 'Customer public galleries: browse, watermarked previews, face search, orders from a pick',
    // orders, galleries, photos, users: an order made from a pick holds its photos (order-holds.ts) and
    // moves the seller's order counter; faces: the search rebuilds a stale index from them.
    tables: {
      publicGalleries: 'read',
      galleries: 'readWrite',
      photos: 'readWrite',
      orders: 'readWrite',
      users: 'readWrite',
      faces: 'read',
    },
    // derived read and put: previews are made from the 2048 px copy and kept; the face index is kept too.
    buckets: { derived: ['read', 'put'] },
    // paging: a PIN gallery's preview links carry a sealed access token (paging.ts's key).
    config: ['app', 'paging'],
    // The watermark's font is read from its package (@fontsource/roboto), beside sharp's native binary.
    nodeModules: ['sharp', '@fontsource/roboto'],
    // Watermarking a preview is sharp's work; Lambda CPU scales with memory.
    memorySize: 1024,
  },
  branding: {
    description: "Seller branding: the logo's upload and processing, and its address for customers",
    // events: a logo upload's record (its seller); galleries, publicGalleries: a new logo becomes the
    // watermark of the seller's public galleries that use the logo, and a logo in use is not removed.
    tables: { users: 'readWrite', events: 'readWrite', galleries: 'read', publicGalleries: 'readWrite' },
    // originals: the uploaded file waits under its own prefix; derived: the processed logo.
    buckets: { originals: ['put', 'read', 'delete'], derived: ['read', 'put', 'delete'] },
    config: ['app'],
    nodeModules: ['sharp'],
  },
  content: {
    description: 'Content API: GROQ queries and resized images over the bundled published dataset',
    // Reads only the dataset packaged with it: no table, bucket or secret.
    tables: {},
    buckets: {},
    config: ['content'],
    nodeModules: ['sharp'],
    bundledFolders: [BUNDLED_CONTENT.folder],
    // Resizing with sharp is CPU-bound, and Lambda CPU scales with memory.
    memorySize: 1024,
  },
  resize: {
    description: 'Makes the 400 px thumbnail and 2048 px optimized copy of each uploaded original',
    // users: the seller's photo counter; publicGalleries read: which follow-up jobs a READY photo's
    // gallery needs (functions/resize/announce.ts).
    tables: { photos: 'readWrite', galleries: 'readWrite', users: 'readWrite', publicGalleries: 'read' },
    // originals: read, and delete a file that is not an image; never put: the resize writes no original,
    // so nothing it does can trigger it again.
    buckets: { originals: ['read', 'delete'], derived: ['put'] },
    // faces send: a READY photo of a gallery whose face search is on is announced to the faces function.
    queues: { faces: ['send'] },
    config: [],
    // sharp ships a native libvips binary per platform: installed beside the bundle for linux-arm64.
    nodeModules: ['sharp'],
    // sharp is CPU-bound; Lambda CPU scales with memory. Sized for the largest original allowed
    // (MAX_UPLOAD_BYTES, 400 MB): sharp holds a streamed original once while libvips decodes it, and a
    // 390 MB TIFF peaked at about 940 MiB (docs/decisions.md, "Resumable uploads").
    memorySize: 2048,
    timeoutSeconds: 60,
  },
  'resize-failures': {
    description: 'Marks FAILED the photos whose resize failed after its retries (the on-failure queue)',
    // Reading the queue is granted with its event source (infra/stacks/media-stack.ts).
    tables: { photos: 'readWrite' },
    buckets: {},
    config: [],
    memorySize: 256,
  },
  faces: {
    description: 'Describes the faces in photos of public galleries for Find my photos (the faces queue)',
    // Reading the queue is granted with its event source (infra/stacks/media-stack.ts). photos read: a
    // batch's photos are READY; publicGalleries: the switch and end date, and the face data's version;
    // faces: the descriptors; events: each step of a walk over a gallery's photos is taken once.
    tables: { photos: 'read', publicGalleries: 'readWrite', faces: 'readWrite', events: 'readWrite' },
    // derived read: faces are described from the 2048 px copy, never the original.
    buckets: { derived: ['read'] },
    // faces send: a walk step sends its page's describe batches and the next step.
    queues: { faces: ['send'] },
    config: [],
    // face-api and TensorFlow.js (WASM) are loaded from their packages (weights and .wasm files ship in
    // them), sharp scales the copy for the detector.
    nodeModules: [
      'sharp',
      '@vladmandic/face-api',
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-backend-wasm',
      '@tensorflow/tfjs-backend-cpu',
    ],
    // The detector is CPU-bound (one core, WASM); Lambda CPU scales with memory. A describe message of
    // FACE_BATCH_PHOTOS photos takes about a second a photo: its timeout leaves six times that.
    memorySize: 2048,
    timeoutSeconds: 60,
  },
  'auth-triggers': {
    description: 'Cognito triggers: sign-ups only through the users API, emails with links into the SPA',
    // PreSignUp consumes the users API's one-time sign-up grant (kept in the invites table).
    tables: { invites: 'readWrite' },
    buckets: {},
    config: ['app'],
    timeoutSeconds: 5,
  },
};
