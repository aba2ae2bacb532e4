/**
 * What each function may touch: the one place that decides grants, environment and sizing.
 * A function gets the names of every table and bucket (functions/lib/env.ts parses them as one
 * group, and a name alone grants nothing) but IAM access only to what is listed here.
 */
import type { RouteGroup } from '#shared/contract/routes';
import { BUNDLED_CONTENT } from '#shared/platform/bundled-content';
import type { BUCKETS, QueueName, TableName } from '#shared/platform/storage-layout';

export type FunctionName =
  | RouteGroup
  | 'resize'
  | 'resize-failures'
  | 'faces'
  | 'preview-jobs'
  | 'auth-triggers'
  | 'balance-watch'
  | 'expiry-reminders';
export type BucketName = keyof typeof BUCKETS;
/** `read`: the function's read item actions only; `readWrite`: every item action it makes (`items`). */
export type TableAccess = 'read' | 'readWrite';

/** DynamoDB's item-level actions: no Scan, no table-level action (every access is a key lookup or a Query). */
export const TABLE_READ_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'] as const;
export const TABLE_WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'] as const;
export type ItemAction = (typeof TABLE_READ_ACTIONS)[number] | (typeof TABLE_WRITE_ACTIONS)[number];

/** The IAM actions a function is granted on a table at this level: its own item actions, writes only on readWrite. */
export function tableActionsOf(access: FunctionAccess, level: TableAccess): string[] {
  const allowed: readonly ItemAction[] = level === 'readWrite' ? access.items : TABLE_READ_ACTIONS;
  return access.items.filter((action) => allowed.includes(action)).map((action) => `dynamodb:${action}`);
}

/**
 * `read` gets objects (a signed GET URL, a HEAD, a copy's source) and lists keys; with s3:ListBucket S3
 * answers a missing key 404, not 403. `put` writes objects (and signs PUT URLs, and multipart parts).
 * `delete` removes objects (one, or many in one request). `multipart` aborts uploads and lists their
 * parts (resumable uploads).
 */
export type BucketAccess = 'read' | 'put' | 'delete' | 'multipart';

/** The IAM actions of each level: on the bucket's objects, and on the bucket itself. */
export const BUCKET_ACTIONS: Record<BucketAccess, { objects: string[]; bucket: string[] }> = {
  read: { objects: ['s3:GetObject'], bucket: ['s3:ListBucket'] },
  put: { objects: ['s3:PutObject'], bucket: [] },
  delete: { objects: ['s3:DeleteObject'], bucket: [] },
  multipart: { objects: ['s3:AbortMultipartUpload', 's3:ListMultipartUploadParts'], bucket: [] },
};

/**
 * `send` sends messages (sqs:SendMessage, the only call: the URL comes from the environment). Reading a
 * queue is granted with the consumer's event source, which Lambda's poller reads it with
 * (infra/stacks/media-stack.ts), never here.
 */
export type QueueAccess = 'send';
export const QUEUE_SEND_ACTIONS = ['sqs:SendMessage'];
/** Configuration groups of functions/lib/env.ts beyond the table and bucket names. */
export type ConfigConcern =
  'app' | 'captcha' | 'stripe' | 'stripeWebhook' | 'cognito' | 'mail' | 'paging' | 'content';

export interface FunctionAccess {
  description: string;
  tables: Partial<Record<TableName, TableAccess>>;
  /**
   * The DynamoDB item actions its code makes (test/infra/grants.test.ts compares them with its bundle's
   * calls): granted on each of its tables, the writes only on `readWrite` ones.
   */
  items: readonly ItemAction[];
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

/** The admin calls of functions/lib/cognito.ts (sign-up, sign-in and reset calls need no IAM). */
const SELLER_ADMIN_ACTIONS = [
  // Checks an account-setup code (a temporary password) server-side.
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  // The team (functions/users/team.ts): an invitation creates the member's account (and deletes it again
  // when its record could not be written); a removal ends their sessions and disables them.
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminDisableUser',
] as const;

export const FUNCTION_ACCESS: Record<FunctionName, FunctionAccess> = {
  'public-orders': {
    description: 'Customer order access: order details and, once fulfilled, signed photo URLs',
    // publicGalleries: an order made from a pick shows its gallery's watermarked previews until paid;
    // salesCounters: opening an order adds to its link's activity counts, and a paid extension's order
    // is created with the counters its creation moves (a transaction of a Put and Updates).
    tables: {
      orders: 'readWrite',
      photos: 'read',
      users: 'read',
      events: 'readWrite',
      publicGalleries: 'read',
      salesCounters: 'readWrite',
    },
    // Originals only through short-lived signed GET URLs after fulfilment; thumbnails before.
    items: ['GetItem', 'BatchGetItem', 'UpdateItem', 'PutItem'],
    buckets: { derived: ['read'], originals: ['read'] },
    // stripe: the order check creates (or reuses) the paid order's Checkout Session; paging: the
    // previews' folder is derived with a key drawn from its secret.
    config: ['app', 'captcha', 'stripe', 'paging'],
    // A Checkout Session call with its retries (functions/lib/stripe.ts), within API Gateway's 30 s.
    timeoutSeconds: 25,
  },
  checkout: {
    description: 'Customer checkout: Stripe Checkout sessions and free-order completion',
    // galleries, photos: completing an order extends what it holds (order-holds.ts); salesCounters: a
    // free order's completion is counted as it is written (functions/domains/orders/sales-counters.ts); users: a
    // customer's pick, once completed, moves the seller's order counter.
    tables: {
      orders: 'readWrite',
      photos: 'readWrite',
      galleries: 'readWrite',
      users: 'readWrite',
      events: 'readWrite',
      salesCounters: 'readWrite',
    },
    items: ['GetItem', 'UpdateItem'],
    buckets: {},
    config: ['app', 'captcha', 'stripe', 'mail'],
    timeoutSeconds: 25,
  },
  'stripe-webhook': {
    description: 'Stripe webhooks: fulfilment, Connect account and subscription updates, once each',
    // galleries, photos: fulfilment extends what the order holds (order-holds.ts); salesCounters: payments,
    // their fees, refunds and disputes are counted as the order records them.
    tables: {
      orders: 'readWrite',
      users: 'readWrite',
      events: 'readWrite',
      photos: 'readWrite',
      galleries: 'readWrite',
      salesCounters: 'readWrite',
    },
    items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    buckets: {},
    config: ['app', 'stripe', 'stripeWebhook', 'mail'],
    timeoutSeconds: 25,
  },
  users: {
    description: 'Seller accounts: sign-up with invitation, profile, verification, password reset, the team',
    tables: { users: 'readWrite', invites: 'readWrite', events: 'readWrite' },
    items: ['GetItem', 'PutItem', 'UpdateItem'],
    buckets: {},
    config: ['app', 'captcha', 'cognito', 'mail'],
    cognitoActions: SELLER_ADMIN_ACTIONS,
  },
  connect: {
    description: 'Seller payment acceptance: Stripe Connect Express onboarding and status',
    tables: { users: 'readWrite' },
    items: ['GetItem', 'UpdateItem'],
    buckets: {},
    config: ['app', 'stripe'],
    timeoutSeconds: 25,
  },
  billing: {
    description: 'Seller subscription: Stripe Billing checkout and portal, pricing-table references',
    // events: the pricing table's single-use references are minted there (the webhook consumes them).
    tables: { users: 'readWrite', events: 'readWrite' },
    items: ['GetItem', 'PutItem', 'UpdateItem'],
    buckets: {},
    config: ['app', 'stripe'],
    timeoutSeconds: 25,
  },
  galleries: {
    description: 'Seller galleries: list, create, rename, delete, thumbnails, downloads, public galleries',
    // users: the photo counter moves when a gallery goes (a gallery an open order holds is kept), and a
    // priced public gallery needs the seller's payment acceptance; salesCounters: a public gallery's sales,
    // and the unpaid picks a deleted gallery ends counted cancelled;
    // orders: a deleted gallery ends its customers' unpaid picks; publicGalleries, faces: publishing, and
    // the face data the search switch and deletions remove; hiding: the people the seller hides from a
    // public gallery and the photos withheld for them.
    tables: {
      galleries: 'readWrite',
      photos: 'readWrite',
      users: 'readWrite',
      salesCounters: 'readWrite',
      orders: 'readWrite',
      publicGalleries: 'readWrite',
      faces: 'readWrite',
      hiding: 'readWrite',
    },
    // originals read: the seller's full-size download is a signed GET; delete: a deleted gallery's files.
    // derived put: hiding a person matches the gallery's face index, rebuilt and kept when stale.
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    buckets: { originals: ['read', 'delete'], derived: ['read', 'put', 'delete'] },
    // faces send: switching the face search on (or hiding a person) queues one walk over the gallery's
    // photos (functions/faces); previewJobs send: publishing, unpublishing or a new PIN, end date or
    // watermark queue the previews' making and the old folder's deletion (paging: the folders are derived
    // with a key drawn from its secret).
    queues: { faces: ['send'], previewJobs: ['send'] },
    // stripe: an ended pick's Checkout Session is expired (functions/domains/orders/end-unpaid-order.ts).
    config: ['app', 'paging', 'stripe'],
    timeoutSeconds: 25,
  },
  uploads: {
    description:
      'Seller uploads: presigned PUT URLs and resumable multipart uploads against the monthly limit, photo deletion and retries',
    // publicGalleries, faces: a deleted photo's face data goes with it; orders: a deleted photo ends the
    // customers' unpaid picks that name it (salesCounters: counted cancelled).
    tables: {
      galleries: 'readWrite',
      photos: 'readWrite',
      users: 'readWrite',
      events: 'readWrite',
      publicGalleries: 'readWrite',
      faces: 'readWrite',
      orders: 'readWrite',
      hiding: 'readWrite',
      salesCounters: 'readWrite',
    },
    // originals read: a retry checks the kept original and copies it onto itself (a copy reads its source).
    // derived delete: a deleted photo's copies and previews (paging: the previews' folder is derived with it).
    items: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    // multipart: resumable uploads are aborted and their parts listed.
    buckets: { originals: ['read', 'put', 'delete', 'multipart'], derived: ['delete'] },
    // stripe: an ended pick's Checkout Session is expired (functions/domains/orders/end-unpaid-order.ts).
    config: ['app', 'paging', 'stripe'],
    timeoutSeconds: 25,
  },
  orders: {
    description: 'Seller orders: create, list, view, cancel; earnings over time',
    // users: the seller's payment acceptance is read and the order counter moved; galleries and
    // photos: a new order holds them (order-holds.ts); salesCounters: a new order is counted as placed,
    // and the earnings over time are read from them, and the order links' activity (one BatchGet a page);
    // publicGalleries: the best sellers' titles.
    tables: {
      orders: 'readWrite',
      galleries: 'readWrite',
      photos: 'readWrite',
      users: 'readWrite',
      salesCounters: 'readWrite',
      publicGalleries: 'read',
    },
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
    // derived: a sales export is streamed to it in parts (put) and signed for its download (read).
    buckets: { derived: ['put', 'read'] },
    // stripe: a cancelled order's Checkout Session is expired first.
    config: ['app', 'paging', 'stripe'],
    timeoutSeconds: 25,
  },
  'public-galleries': {
    description: 'Customer public galleries: browse a page at a time, face search, orders from a pick',
    // orders, users: an order made from a pick (it holds nothing until paid, and the seller's payment
    // acceptance is read); salesCounters: it is counted as placed; galleries: the count of photos shown;
    // faces: the search rebuilds a stale index from them; publicGalleries: written only to count wrong
    // PINs (repositories/pin-attempts.ts); salesCounters also keeps what customers did (opening, selfie
    // searches, and the page's count call: functions/domains/activity).
    tables: {
      publicGalleries: 'readWrite',
      galleries: 'read',
      photos: 'read',
      orders: 'readWrite',
      users: 'read',
      salesCounters: 'readWrite',
      faces: 'read',
    },
    // derived: the face index is read and kept (previews are static files: no image is drawn here).
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
    buckets: { derived: ['read', 'put'] },
    // paging: the page cursors are sealed, and the previews' folder is derived, with its key; captcha: a
    // pick is human-checked, as is a PIN typed after too many wrong ones.
    config: ['app', 'paging', 'captcha'],
  },
  previews: {
    description: 'A watermarked preview not made ahead yet, made when CloudFront does not find it',
    tables: { publicGalleries: 'read', photos: 'read' },
    // derived read: the 2048 px copy and the logo; put: the preview, where CloudFront finds it next time.
    items: ['GetItem'],
    buckets: { derived: ['read', 'put'] },
    // paging: the previews' folder is derived with a key drawn from the paging secret.
    config: ['paging'],
    // The watermark's font is read from its package (@fontsource/roboto), beside sharp's native binary.
    nodeModules: ['sharp', '@fontsource/roboto'],
    // Watermarking is sharp's work; Lambda CPU scales with memory.
    memorySize: 1024,
  },
  'preview-jobs': {
    description: 'Makes public galleries’ watermarked previews ahead of visitors; deletes ended ones',
    // photos write: a walk gives a photo processed before galleries were paged its place in the grid.
    tables: { publicGalleries: 'read', photos: 'readWrite' },
    // read (and list), put: previews made from the 2048 px copy; delete: folders whose access ended.
    items: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem'],
    buckets: { derived: ['read', 'put', 'delete'] },
    // A walk sends the next page's jobs; reading the queue comes with its event source (media stack).
    queues: { previewJobs: ['send'] },
    config: ['paging'],
    nodeModules: ['sharp', '@fontsource/roboto'],
    memorySize: 1024,
    timeoutSeconds: 60,
  },
  branding: {
    description: "Seller branding: the logo's upload and processing, and its address for customers",
    // events: a logo upload's record (its seller); galleries, publicGalleries: a new logo becomes the
    // watermark of the seller's public galleries that use the logo, and a logo in use is not removed.
    tables: { users: 'readWrite', events: 'readWrite', galleries: 'read', publicGalleries: 'readWrite' },
    // originals: the uploaded file waits under its own prefix; derived: the processed logo.
    items: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    buckets: { originals: ['put', 'read', 'delete'], derived: ['read', 'put', 'delete'] },
    // A logo watermark's new logo means new previews: queued, with the old folder's deletion (paging: the
    // previews' folders are derived with a key drawn from its secret).
    queues: { previewJobs: ['send'] },
    config: ['app', 'paging'],
    nodeModules: ['sharp'],
  },
  content: {
    description: 'Content API: GROQ queries and resized images over the bundled published dataset',
    // Reads only the dataset packaged with it: no table, bucket or secret.
    tables: {},
    items: [],
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
    items: ['GetItem', 'UpdateItem'],
    buckets: { originals: ['read', 'delete'], derived: ['put'] },
    // faces send: a READY photo of a gallery whose face search is on (or that hides people) is announced to
    // the faces function; previewJobs send: one of a gallery open to customers has its previews made ahead.
    queues: { faces: ['send'], previewJobs: ['send'] },
    config: [],
    // sharp ships a native libvips binary per platform: installed beside the bundle for linux-arm64.
    nodeModules: ['sharp'],
    // sharp is CPU-bound; Lambda CPU scales with memory. Sized for the largest original allowed
    // (MAX_UPLOAD_BYTES, 400 MB): sharp holds a streamed original once while libvips decodes it, and a
    // 390 MB TIFF peaked at about 940 MiB (docs/decisions.md, "Resumable uploads").
    memorySize: 2048,
    timeoutSeconds: 60,
  },
  'balance-watch': {
    description: 'Reads connected accounts’ balances from Stripe hourly and counts the negative ones',
    // Stripe only: the accounts and their balances are read there, nothing is stored.
    tables: {},
    items: [],
    buckets: {},
    config: ['stripe'],
    memorySize: 256,
    // Four balances at a time: about 75 s for 1,000 sellers.
    timeoutSeconds: 600,
  },
  'expiry-reminders': {
    description: 'Emails customers 7 days and 1 day before their photos’ access ends (hourly)',
    // orders: the due reminders (a Query of the byReminderDue index) claimed once each; users: the
    // seller's name and logo for the email.
    tables: { orders: 'readWrite', users: 'read' },
    items: ['GetItem', 'Query', 'UpdateItem'],
    buckets: {},
    config: ['app', 'mail'],
    memorySize: 256,
    // One email at a time, well within SES's sending rate; a run that ends early leaves the rest due.
    timeoutSeconds: 300,
  },
  'resize-failures': {
    description: 'Marks FAILED the photos whose resize failed after its retries (the on-failure queue)',
    // Reading the queue is granted with its event source (infra/stacks/media-stack.ts).
    tables: { photos: 'readWrite' },
    items: ['UpdateItem'],
    buckets: {},
    config: [],
    memorySize: 256,
  },
  faces: {
    description: 'Describes the faces in photos of public galleries for Find my photos (the faces queue)',
    // Reading the queue is granted with its event source (infra/stacks/media-stack.ts). photos: a batch's
    // photos are READY, and in a gallery that hides people a photo is shown (or withheld, hiding) once
    // checked; publicGalleries: the switch and end date, and the face data's version; faces: the
    // descriptors; events: each step of a walk over a gallery's photos is taken once.
    tables: {
      photos: 'readWrite',
      publicGalleries: 'readWrite',
      faces: 'readWrite',
      events: 'readWrite',
      hiding: 'readWrite',
    },
    // derived read: faces are described from the 2048 px copy, never the original; delete: a withheld
    // photo's previews (paging: the previews' folder is derived with a key drawn from its secret).
    items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    buckets: { derived: ['read', 'delete'] },
    // faces send: a walk step sends its page's describe batches and the next step; previewJobs send: a
    // photo shown once checked has its previews made.
    queues: { faces: ['send'], previewJobs: ['send'] },
    config: ['paging'],
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
    items: ['DeleteItem'],
    buckets: {},
    config: ['app'],
    timeoutSeconds: 5,
  },
};
