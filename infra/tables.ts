/**
 * DynamoDB table shapes, defined once for the CDK data stack and the local stand-in.
 * Logical names only: physical names come from CloudFormation (AWS) or the local prefix.
 * Every access pattern is a key lookup or a Query, never a Scan.
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

/** Key layout inside the buckets. */
export const objectKeys = {
  original: (userId: string, galleryId: string, photoId: string) => `${userId}/${galleryId}/${photoId}`,
  thumbnail: (userId: string, galleryId: string, photoId: string) =>
    `thumbnails/${userId}/${galleryId}/${photoId}.jpg`,
  optimized: (userId: string, galleryId: string, photoId: string) =>
    `optimized/${userId}/${galleryId}/${photoId}.jpg`,
};
