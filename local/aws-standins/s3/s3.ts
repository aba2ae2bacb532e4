/**
 * Local S3: s3rver (the S3 REST API on the file system) on an internal loopback port, behind a
 * proxy on the public port that verifies SigV4 signatures, since s3rver does not, and with
 * `identities` checks each caller's IAM policy (s3-proxy.ts). Buckets are created with CORS rules
 * (the app's origins, or each bucket's own); object-created notifications go to a callback. What
 * s3rver lacks of multipart uploads (ListParts, AbortMultipartUpload, S3's checks) is answered by the
 * proxy from s3rver's own store (s3-multipart.ts).
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import { hardenStore } from './s3rver-store';
import S3rverAccounts from 's3rver/lib/models/account.js';
import type { IdentityStore, LocalIdentity } from '../iam/types';
import { LOCAL_AWS, LOCAL_HOST } from '../local-account';
import { closeServer, listenOn } from '../http/ports';
import { corsRulesXml, defaultCorsRule, type BucketDefinition, type CorsRule } from './s3-cors';
import { objectCreatedEvent, withCompletionNames } from './s3-events';
import { MultipartStore } from './s3-multipart';
import { createVerifyingProxy } from './s3-proxy';

export type { BucketDefinition, CorsRule } from './s3-cors';

export interface StartS3Options {
  /** 0 picks a free port. */
  port: number;
  /** Where objects are kept across restarts; a temporary directory (removed on stop) when absent. */
  dataDir?: string;
  /** A bucket by name gets the `corsOrigins` rule; a definition (e.g. from the template) its own CORS rules. */
  buckets: (string | BucketDefinition)[];
  /** Browser origins allowed by the CORS rule of each bucket given by name (GET, PUT, HEAD; all headers; ETag exposed). */
  corsOrigins: string[];
  /** Check every caller's IAM policy (the key that signed, presigned URLs included); without it the local key may do anything. */
  identities?: IdentityStore;
  /** Called for each `ObjectCreated:*` notification; a failure is logged and never stops the server. */
  onObjectCreated?: (event: S3Event) => Promise<void>;
  /** Buckets whose writes notify `onObjectCreated` (default: all), like a bucket's notification configuration. */
  notifyBuckets?: string[];
}

export interface LocalS3 {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Client configuration for the local stand-in. The checksum settings matter: the SDK's default
 * checksums send aws-chunked bodies that s3rver stores verbatim (also right for presigned
 * browser PUTs against real S3). Use the same client for `getSignedUrl`.
 */
export function localS3ClientConfig(url: string): S3ClientConfig {
  return {
    endpoint: url,
    region: LOCAL_AWS.region,
    credentials: { accessKeyId: LOCAL_AWS.accessKeyId, secretAccessKey: LOCAL_AWS.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The CORS rules each bucket given by name gets, as the XML document S3's PutBucketCors takes. */
export function corsConfigurationXml(origins: readonly string[]): string {
  return corsRulesXml([defaultCorsRule(origins)]);
}

/** Each bucket's definition: a name alone gets the app origins' rule (none when there are no origins). */
function bucketDefinitions(opts: StartS3Options): Map<string, CorsRule[]> {
  const defaultRules = opts.corsOrigins.length > 0 ? [defaultCorsRule(opts.corsOrigins)] : [];
  return new Map(
    opts.buckets.map((bucket) =>
      typeof bucket === 'string' ? [bucket, defaultRules] : [bucket.name, bucket.cors ?? []],
    ),
  );
}

/**
 * s3rver knows one dummy account; give it our keys too so it treats our (already verified) requests
 * as signed, which S3 requires for e.g. `response-content-disposition` on GET. Function keys are
 * added as they first sign a request that checked out.
 */
function registerAccessKey(identity: { accessKeyId: string; secretAccessKey: string }): void {
  S3rverAccounts.DUMMY_ACCOUNT.createKeyPair(identity.accessKeyId, identity.secretAccessKey);
}

function keyRegistrar(): (identity: LocalIdentity) => void {
  const known = new Set<string>([LOCAL_AWS.accessKeyId]);
  return (identity) => {
    if (known.has(identity.accessKeyId)) return;
    known.add(identity.accessKeyId);
    registerAccessKey(identity);
  };
}

function notifyObjectCreated(s3rver: S3rver, opts: StartS3Options, multipart: MultipartStore): void {
  const callback = opts.onObjectCreated;
  if (!callback) return;
  s3rver.on('event', (event: S3Event) => {
    const named = withCompletionNames(event, (bucket, key) => multipart.isCompleting(bucket, key));
    const created = objectCreatedEvent(named, LOCAL_AWS.region, opts.notifyBuckets);
    if (!created) return;
    // Asynchronous like an S3 -> Lambda invocation: the upload's answer does not wait.
    callback(created).catch((error: unknown) =>
      console.error('[local S3] object-created handler failed:', error),
    );
  });
}

export async function startS3(opts: StartS3Options): Promise<LocalS3> {
  const directory = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'shutterlane-s3-')));
  const removeTemporaryDirectory = () =>
    opts.dataDir === undefined ? rm(directory, { recursive: true, force: true }) : Promise.resolve();
  registerAccessKey(LOCAL_AWS);
  const definitions = bucketDefinitions(opts);
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only: a host name like `localhost` must not be read as a bucket name.
    vhostBuckets: false,
    configureBuckets: [...definitions].map(([name, rules]) => ({
      name,
      configs: rules.length > 0 ? [corsRulesXml(rules)] : [],
    })),
  });
  hardenStore(s3rver.store);
  // s3rver's multipart uploads, for what it lacks of S3's multipart API (answered by the proxy).
  const multipart = new MultipartStore(directory);
  notifyObjectCreated(s3rver, opts, multipart);
  const { port: upstreamPort } = await s3rver.run();
  // Only the proxy talks to s3rver, over one keep-alive agent: the server never drops an idle connection,
  // so a request is never sent on a socket the server is closing at that moment ("socket hang up").
  if (s3rver.httpServer) s3rver.httpServer.keepAliveTimeout = 0;
  const agent = new http.Agent({ keepAlive: true });
  const proxy = createVerifyingProxy({
    upstreamPort,
    credentials: LOCAL_AWS,
    identities: opts.identities,
    corsOrigins: opts.corsOrigins,
    corsRulesFor: (bucket) => (bucket === undefined ? [] : (definitions.get(bucket) ?? [])),
    onVerifiedIdentity: keyRegistrar(),
    agent,
    multipart,
  });
  const stopInternals = async () => {
    agent.destroy();
    await s3rver.close();
    await removeTemporaryDirectory();
  };
  let port: number;
  try {
    port = await listenOn(proxy, opts.port, 'S3', 'S3_PORT');
  } catch (error) {
    await stopInternals();
    throw error;
  }
  return {
    url: `http://${LOCAL_HOST}:${port}`,
    port,
    stop: async () => {
      await closeServer(proxy);
      await stopInternals();
    },
  };
}
