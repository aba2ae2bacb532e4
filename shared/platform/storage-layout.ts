/**
 * The storage layout the functions own: DynamoDB table shapes and the environment variables that
 * carry their physical names, the buckets, and the object key formats with their parsers. The CDK
 * data stack builds its tables and buckets from here. Logical names only: physical names come from
 * CloudFormation. Every access pattern is a key lookup or a Query, never a Scan.
 */
export type KeyType = 'S' | 'N';
export interface KeyAttr {
  name: string;
  type: KeyType;
}
export interface IndexDef {
  indexName: string;
  partitionKey: KeyAttr;
  sortKey?: KeyAttr;
}
export interface TableDef {
  /** Environment variable carrying the physical table name to the functions. */
  envVar: string;
  partitionKey: KeyAttr;
  sortKey?: KeyAttr;
  indexes?: IndexDef[];
  /** Attribute holding an epoch-seconds expiry (DynamoDB TTL); reads filter expired items anyway. */
  ttlAttribute?: string;
}

export const TABLES = {
  /** user by id (Cognito sub); `email` index for sign-up and reset look-ups. */
  users: {
    envVar: 'USERS_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    indexes: [{ indexName: 'byEmail', partitionKey: { name: 'email', type: 'S' } }],
  },
  /** invitation code by code, with the uses it has left. */
  invites: { envVar: 'INVITES_TABLE', partitionKey: { name: 'code', type: 'S' } },
  /** galleries of a seller, newest first: gallery ids sort by creation time. */
  galleries: {
    envVar: 'GALLERIES_TABLE',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'galleryId', type: 'S' },
  },
  /**
   * photos of a gallery; `shownByGallery`: the photos customers are shown in a public gallery (READY and
   * not withheld), in the order they were uploaded, a page at a time (sparse: only those photos carry
   * `shownSort`).
   */
  photos: {
    envVar: 'PHOTOS_TABLE',
    partitionKey: { name: 'galleryId', type: 'S' },
    sortKey: { name: 'photoId', type: 'S' },
    indexes: [
      {
        indexName: 'shownByGallery',
        partitionKey: { name: 'galleryId', type: 'S' },
        sortKey: { name: 'shownSort', type: 'S' },
      },
    ],
  },
  /**
   * order by id; orders of a seller, newest first; and the seller's sales or unpaid orders apart, newest
   * first (`sellerView`: `{sellerId}#sales` once paid or, free, completed; `{sellerId}#unpaid` before); and
   * the completed orders whose next access reminder falls on a day (`byReminderDue`, sparse: only orders
   * with a reminder to come carry `reminderDay`), for the hourly reminder run.
   * CloudFormation adds one index per table update: a second new index on this table waits for a deploy
   * of its own.
   */
  orders: {
    envVar: 'ORDERS_TABLE',
    partitionKey: { name: 'orderId', type: 'S' },
    indexes: [
      {
        indexName: 'bySeller',
        partitionKey: { name: 'sellerId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      {
        indexName: 'bySellerView',
        partitionKey: { name: 'sellerView', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
      {
        indexName: 'byReminderDue',
        partitionKey: { name: 'reminderDay', type: 'S' },
        sortKey: { name: 'nextReminderAt', type: 'S' },
      },
    ],
  },
  /**
   * public galleries by their public id: the published settings, the PIN's hash, the face
   * search switch and the version of the gallery's face data. The gallery record names its public id.
   */
  publicGalleries: { envVar: 'PUBLIC_GALLERIES_TABLE', partitionKey: { name: 'publicId', type: 'S' } },
  /**
   * face descriptors of a gallery's photos (face search on): one item per photo, deleted with the
   * photo, the gallery or the search, and expiring by TTL at the public gallery's end date.
   */
  faces: {
    envVar: 'FACES_TABLE',
    partitionKey: { name: 'galleryId', type: 'S' },
    sortKey: { name: 'photoId', type: 'S' },
    ttlAttribute: 'expiresAtEpoch',
  },
  /**
   * sales counters (functions/domains/orders/sales-counters.ts): per `scope` (`seller#…`, `gallery#…`, `public#…`)
   * one item per `period`, the calendar month in UTC and the currency (`2026-05#GBP`), whose fields are
   * only ever added to. A scope's all-time or last-12-months figures are one Query of its months.
   */
  salesCounters: {
    envVar: 'SALES_COUNTERS_TABLE',
    partitionKey: { name: 'scope', type: 'S' },
    sortKey: { name: 'period', type: 'S' },
  },
  /**
   * people hidden from a public gallery and the photos withheld for them, by gallery: `person#{personId}`
   * items (a label and the reference photo's descriptor) and `photo#{photoId}` items (who matched, when),
   * for the seller to review. Deleted with the gallery: a reference is kept only as long as its gallery.
   */
  hiding: {
    envVar: 'HIDING_TABLE',
    partitionKey: { name: 'galleryId', type: 'S' },
    sortKey: { name: 'itemKey', type: 'S' },
  },
  /** processed webhook event ids and other once-only markers (idempotency), expiring by TTL. */
  events: {
    envVar: 'EVENTS_TABLE',
    partitionKey: { name: 'eventId', type: 'S' },
    ttlAttribute: 'expiresAtEpoch',
  },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof TABLES;

/**
 * Where public galleries' watermarked previews live in the derived bucket: the site path of
 * shared/contract/preview-paths.ts without its leading slash. CloudFront reads this prefix, and only this.
 */
export const PREVIEWS_PREFIX = 'previews/';

/** The two buckets: originals (uploads, private) and derived copies (thumbnails, optimized; JPEG and WebP). */
export const BUCKETS = {
  originals: { envVar: 'ORIGINALS_BUCKET' },
  derived: { envVar: 'DERIVED_BUCKET' },
} as const;

/**
 * The queues of background jobs the functions send to (the media stack creates them; CloudFormation names
 * them): each queue's URL reaches the functions in its environment variable.
 * - faces: describe the faces of a public gallery's photos, and walk a gallery's photos when its face
 *   search is switched on (functions/faces);
 * - previewJobs: make public galleries' watermarked previews ahead of visitors, and delete the folders
 *   whose access ended (functions/preview-jobs).
 */
export const QUEUES = {
  faces: { envVar: 'FACES_QUEUE_URL' },
  previewJobs: { envVar: 'PREVIEW_JOBS_QUEUE_URL' },
} as const;

export type QueueName = keyof typeof QUEUES;

/**
 * Key layout inside the buckets: by gallery and photo, never by seller. Customers receive signed URLs
 * of these keys (and S3 echoes the key in its answers), and a seller id must not reach them: Stripe's
 * pricing-table reference once trusted it. Gallery and photo ids are random and unguessable; who owns a
 * photo always comes from its record (photos table), never from a key. Originals sit under a prefix of
 * their own, so they cannot be mistaken for the keys of the earlier layout (ops/migrate-object-keys).
 */
/** Where originals live: the resize trigger fires only below it (infra/stacks/media-stack.ts). */
export const ORIGINALS_PREFIX = 'photos/';

/** Where face indexes live in the derived bucket: they expire a day after being written (data stack). */
export const FACE_INDEX_PREFIX = 'faces/';

/**
 * Where a seller's logo file waits, in the originals bucket, between its signed PUT and its processing
 * (functions/branding): outside ORIGINALS_PREFIX, so the resize trigger never sees it, and expiring a
 * day after it was written (data stack), so an upload never processed leaves nothing behind.
 */
export const LOGO_UPLOAD_PREFIX = 'logo-uploads/';

/**
 * Where sales exports (CSV files, functions/orders/sales-export.ts) live in the derived bucket, named by a
 * random id: downloaded through a short-lived signed link, and expiring a day after they were written.
 */
export const SALES_EXPORT_PREFIX = 'exports/';

/** Where the 2048 px copies live in the derived bucket: they move to Intelligent-Tiering (data stack). */
export const OPTIMIZED_PREFIX = 'optimized/';

export const objectKeys = {
  original: (galleryId: string, photoId: string) => `${ORIGINALS_PREFIX}${galleryId}/${photoId}`,
  thumbnail: (galleryId: string, photoId: string) => `thumbnails/${galleryId}/${photoId}.jpg`,
  optimized: (galleryId: string, photoId: string) => `${OPTIMIZED_PREFIX}${galleryId}/${photoId}.jpg`,
  /** The WebP twins of the two copies, for showing (photos processed before them have none). */
  thumbnailWebp: (galleryId: string, photoId: string) => `thumbnails/${galleryId}/${photoId}.webp`,
  optimizedWebp: (galleryId: string, photoId: string) => `${OPTIMIZED_PREFIX}${galleryId}/${photoId}.webp`,
  /** The grid-sized WebP thumbnail (GRID_THUMBNAIL_WIDTH_PX wide), for the customer's masonry grid. */
  gridWebp: (galleryId: string, photoId: string) => `thumbnails/${galleryId}/${photoId}.grid.webp`,
  /** A gallery's packed face index (functions/domains/faces/face-index.ts), rebuilt from the faces table. */
  faceIndex: (galleryId: string) => `${FACE_INDEX_PREFIX}${galleryId}.slfi`,
  /** A logo file as uploaded (originals bucket), named by its random upload id, never by seller. */
  logoUpload: (uploadId: string) => `${LOGO_UPLOAD_PREFIX}${uploadId}`,
  /** A seller's processed logo (derived bucket): a PNG under a new random id for every upload. */
  logo: (logoId: string) => `logos/${logoId}.png`,
  /** A sales export (derived bucket), under a random id. */
  salesExport: (exportId: string) => `${SALES_EXPORT_PREFIX}${exportId}.csv`,
};

/** Every copy the resize trigger derives from a photo, in the derived bucket. */
export const derivedKeys = (galleryId: string, photoId: string): string[] => [
  objectKeys.thumbnail(galleryId, photoId),
  objectKeys.optimized(galleryId, photoId),
  objectKeys.thumbnailWebp(galleryId, photoId),
  objectKeys.optimizedWebp(galleryId, photoId),
  objectKeys.gridWebp(galleryId, photoId),
];

/**
 * Every object in the derived bucket that belongs to a photo and is named by it: its copies. (Its
 * watermarked previews sit in its public gallery's preview folder: functions/previews/folders.ts.)
 */
export const photoDerivedObjects = (galleryId: string, photoId: string): string[] =>
  derivedKeys(galleryId, photoId);

/** The photo an object belongs to: its record's key in the photos table. */
export interface PhotoRef {
  galleryId: string;
  photoId: string;
}

/** One path segment of a key: an id of ours (URL-safe base64 and similar). */
export const KEY_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Originals are stored at `photos/{galleryId}/{photoId}`; any other key is not ours to process. */
export function parseOriginalKey(key: string): PhotoRef | null {
  const parts = decodeURIComponent(key.replace(/\+/g, ' ')).split('/');
  if (parts.length !== 3 || parts[0] !== 'photos') return null;
  const [, galleryId, photoId] = parts as [string, string, string];
  if (!KEY_SEGMENT.test(galleryId) || !KEY_SEGMENT.test(photoId)) return null;
  return { galleryId, photoId };
}
