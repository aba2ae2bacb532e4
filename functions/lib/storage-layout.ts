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
  /** photos of a gallery. */
  photos: {
    envVar: 'PHOTOS_TABLE',
    partitionKey: { name: 'galleryId', type: 'S' },
    sortKey: { name: 'photoId', type: 'S' },
  },
  /** order by id; orders of a seller, newest first. */
  orders: {
    envVar: 'ORDERS_TABLE',
    partitionKey: { name: 'orderId', type: 'S' },
    indexes: [
      {
        indexName: 'bySeller',
        partitionKey: { name: 'sellerId', type: 'S' },
        sortKey: { name: 'createdAt', type: 'S' },
      },
    ],
  },
  /** processed webhook event ids and other once-only markers (idempotency), expiring by TTL. */
  events: {
    envVar: 'EVENTS_TABLE',
    partitionKey: { name: 'eventId', type: 'S' },
    ttlAttribute: 'expiresAtEpoch',
  },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof TABLES;

/** The two buckets: originals (uploads, private) and derived copies (thumbnails, optimized). */
export const BUCKETS = {
  originals: { envVar: 'ORIGINALS_BUCKET' },
  derived: { envVar: 'DERIVED_BUCKET' },
} as const;

/** Key layout inside the buckets: originals by seller and gallery, derived copies under a prefix each. */
export const objectKeys = {
  original: (userId: string, galleryId: string, photoId: string) => `${userId}/${galleryId}/${photoId}`,
  thumbnail: (userId: string, galleryId: string, photoId: string) =>
    `thumbnails/${userId}/${galleryId}/${photoId}.jpg`,
  optimized: (userId: string, galleryId: string, photoId: string) =>
    `optimized/${userId}/${galleryId}/${photoId}.jpg`,
};

export interface OriginalRef {
  userId: string;
  galleryId: string;
  photoId: string;
}

/** Originals are stored at `{userId}/{galleryId}/{photoId}`; any other key is not ours to process. */
export function parseOriginalKey(key: string): OriginalRef | null {
  const parts = decodeURIComponent(key.replace(/\+/g, ' ')).split('/');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [userId, galleryId, photoId] = parts as [string, string, string];
  return { userId, galleryId, photoId };
}
