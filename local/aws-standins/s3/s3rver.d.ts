/** Types for the parts of `s3rver` 3.7 (no bundled types) the local S3 stand-in uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  import type { S3Event } from 'aws-lambda';

  interface S3rverBucketConfig {
    name: string;
    /** Raw CORSConfiguration or WebsiteConfiguration XML documents. */
    configs?: (string | Buffer)[];
  }

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: S3rverBucketConfig[];
  }

  /** An object as s3rver's controllers hand it to the store. */
  interface S3rverStoredObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }

  /** The filesystem store's methods that s3rver-store.ts replaces or calls. */
  interface S3rverFilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
    getObject(bucket: string, key: string, options?: unknown): Promise<unknown>;
    putObject(object: S3rverStoredObject): Promise<{ size: number; md5: string }>;
    copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      replacementMetadata?: Record<string, string>,
    ): Promise<unknown>;
    deleteObject(bucket: string, key: string): Promise<void>;
    listObjects(bucket: string, options: Record<string, unknown>): Promise<unknown>;
  }

  export default class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    /** Created by the constructor: the store every controller reads and writes through. */
    store: S3rverFilesystemStore;
    /** Creates the configured buckets, then listens; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    /** The server `run` started. */
    httpServer?: Server;
    close(): Promise<void>;
    /** Fired after object writes and deletes, shaped like an S3 notification. */
    on(event: 'event', listener: (event: S3Event) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module 's3rver/lib/models/account.js' {
  interface S3rverAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  }
  const AWSAccount: { DUMMY_ACCOUNT: S3rverAccount };
  export default AWSAccount;
}
