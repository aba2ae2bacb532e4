/**
 * The public face of the local S3: an HTTP proxy that checks SigV4 signatures (s3rver accepts any)
 * and streams everything else to s3rver untouched. CORS preflights pass through, since S3 answers
 * them from the bucket's CORS rules without a signature.
 *
 * With `identities`, each request is also checked as AWS checks it: the signing key's holder (a
 * presigned URL is the key of whoever signed it) must be allowed the S3 action on the bucket or
 * object ARN by its identity policy, else S3's AccessDenied (403) with AWS's message. A missing
 * object read without `s3:ListBucket` on its bucket is AccessDenied too, as in S3. Bucket policies
 * are not evaluated.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LOCAL_REGION, s3BucketArn, s3ObjectArn } from '../iam/arn';
import { accessDeniedMessage, authorize, firstRefusal } from '../iam/evaluate';
import type { IdentityStore, LocalIdentity } from '../iam/types';
import { bucketAndKey, s3Access } from './s3-access';
import { corsAnswerHeaders, defaultCorsRule, matchingCorsRule, type CorsRule } from './s3-cors';
import { deleteObjectsXml, deleteResultXml, parseDeleteObjects } from './s3-delete-objects';
import { s3ErrorXml } from './s3-errors';
import {
  completionProblem,
  listPartsXml,
  MALFORMED_XML,
  NO_SUCH_UPLOAD,
  parseCompleteMultipart,
  partNumberOf,
  type MultipartStore,
} from './s3-multipart';
import { authenticateS3Request, type S3Credentials } from './s3-signature';
import { sha256Hex, single, splitUrl } from '../sigv4/sigv4';

interface S3ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

export interface VerifyingProxyOptions {
  /** Where s3rver listens (loopback). */
  upstreamPort: number;
  /** The one key pair accepted when no `identities` are given. */
  credentials: S3Credentials;
  /** Who may sign, and what each may do; without it any request signed by `credentials` may do anything. */
  identities?: IdentityStore;
  /** Origins that get CORS headers on our own error answers, like S3's CORS rules give them. */
  corsOrigins: readonly string[];
  /** A bucket's own CORS rules, for our error answers; when absent every bucket has `corsOrigins`' rule. */
  corsRulesFor?: (bucket: string | undefined) => readonly CorsRule[];
  /** Called with each identity whose signature checked out, before its request reaches s3rver. */
  onVerifiedIdentity?: (identity: LocalIdentity) => void;
  /** Keep-alive agent for the upstream; the caller destroys it on stop. */
  agent: http.Agent;
  /** s3rver's multipart uploads: what it lacks of S3's multipart API is answered here (s3-multipart.ts). */
  multipart?: MultipartStore;
}

// Hop-by-hop headers belong to one connection and must not be forwarded. `expect` is answered
// here (after the signature check), so s3rver must not see it again.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

function forwardableHeaders(headers: IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)),
  );
}

/** The path and query without the presigned URL's X-Amz-* parameters. */
function withoutAuthParameters(url: string): string {
  const parsed = new URL(url, 'http://s3.local');
  for (const name of [...parsed.searchParams.keys()])
    if (name.toLowerCase().startsWith('x-amz-')) parsed.searchParams.delete(name);
  return `${parsed.pathname}${parsed.search}`;
}

const ACCESS_DENIED: S3ErrorAnswer = { status: 403, code: 'AccessDenied', message: 'Access Denied' };
const STORE_FAILED: S3ErrorAnswer = {
  status: 502,
  code: 'InternalError',
  message: 'The local S3 store did not answer.',
};

export function createVerifyingProxy(options: VerifyingProxyOptions): http.Server {
  const server = http.createServer();
  const handle = (expectsContinue: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    authorizeThenForward(req, res, expectsContinue, options).catch((error: unknown) => {
      console.error('[local S3] proxy error:', error);
      if (!res.headersSent)
        sendS3Error(req, res, options, {
          status: 500,
          code: 'InternalError',
          message: 'We encountered an internal error. Please try again.',
        });
      else res.destroy();
    });
  };
  server.on('request', handle(false));
  // Like S3, answer `Expect: 100-continue` only once the request is known to be allowed, so a
  // rejected upload is not sent at all.
  server.on('checkContinue', handle(true));
  return server;
}

async function authorizeThenForward(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
): Promise<void> {
  if (req.method === 'OPTIONS') {
    // A CORS preflight carries no credentials: S3 answers it from the bucket's CORS rules alone, even
    // for a presigned URL's path and query. s3rver would check the query's signature: strip it.
    req.url = withoutAuthParameters(req.url ?? '/');
    return forward(req, res, expectsContinue, options);
  }
  const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
  const { identities } = options;
  const authentication = identities
    ? await authenticateS3Request(request, (id) => identities.byAccessKeyId(id), { region: LOCAL_REGION })
    : await authenticateS3Request(request, (id) => fixedKeyHolder(options.credentials, id));
  if (!authentication.ok) return refuse(req, res, expectsContinue, options, authentication);
  if (!identities) return forwardOrAnswer(req, res, expectsContinue, options);
  options.onVerifiedIdentity?.(authentication.identity);
  const { principal } = authentication.identity;
  const access = s3Access(request.method, request.url, request.headers);
  if (access.operation === 'DeleteObjects' && access.bucket !== undefined) {
    return deleteObjects(req, res, expectsContinue, options, { principal, bucket: access.bucket });
  }
  const refusal = firstRefusal(principal, access.needs);
  if (refusal) {
    const message = accessDeniedMessage(principal.arn, refusal.action, refusal.resource, refusal.decision, {
      quoteResource: true,
    });
    return refuse(req, res, expectsContinue, options, { status: 403, code: 'AccessDenied', message });
  }
  // S3 says AccessDenied rather than NoSuchKey to a caller who may not list the bucket.
  const readsObject = access.operation === 'GetObject' || access.operation === 'HeadObject';
  const mayList =
    access.bucket !== undefined &&
    authorize(principal, 's3:ListBucket', s3BucketArn(access.bucket)) === 'allow';
  return forwardOrAnswer(req, res, expectsContinue, options, { hideMissingObject: readsObject && !mayList });
}

/** An authorized request: multipart calls s3rver lacks are answered here, the rest go to s3rver. */
async function forwardOrAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
  forwarding: { hideMissingObject?: boolean } = {},
): Promise<void> {
  const store = options.multipart;
  const { rawPath, query } = splitUrl(req.url ?? '/');
  const uploadId = single(query['uploadId']);
  const { bucket, key } = bucketAndKey(rawPath);
  if (!store || uploadId === undefined || bucket === undefined || key === undefined)
    return forward(req, res, expectsContinue, options, forwarding);
  const upload = { store, bucket, key, uploadId };
  if (!(await store.exists(bucket, key, uploadId)))
    return refuse(req, res, expectsContinue, options, NO_SUCH_UPLOAD);
  switch (req.method) {
    case 'GET':
      return listParts(req, res, options, upload, query);
    case 'DELETE':
      req.resume();
      await store.abort(bucket, uploadId);
      res.writeHead(204, corsHeaders(req, options));
      return void res.end();
    case 'PUT': {
      const partNumber = partNumberOf(single(query['partNumber']));
      if (typeof partNumber !== 'number') return refuse(req, res, expectsContinue, options, partNumber);
      return forward(req, res, expectsContinue, options, forwarding);
    }
    case 'POST':
      return completeUpload(req, res, expectsContinue, options, upload);
    default:
      return forward(req, res, expectsContinue, options, forwarding);
  }
}

interface UploadAt {
  store: MultipartStore;
  bucket: string;
  key: string;
  uploadId: string;
}

async function listParts(
  req: IncomingMessage,
  res: ServerResponse,
  options: VerifyingProxyOptions,
  upload: UploadAt,
  query: ReturnType<typeof splitUrl>['query'],
): Promise<void> {
  req.resume();
  const maxParts = Math.min(Number(single(query['max-parts']) ?? 1000) || 1000, 1000);
  const marker = Number(single(query['part-number-marker']) ?? 0) || 0;
  const parts = await upload.store.parts(upload.bucket, upload.uploadId);
  const body = Buffer.from(listPartsXml(upload, parts, { marker, maxParts }));
  res.writeHead(200, {
    'content-type': 'application/xml',
    'content-length': body.length,
    ...corsHeaders(req, options),
  });
  res.end(body);
}

/** S3's checks of a completion's part list, then s3rver assembles (its event renamed as AWS names it). */
async function completeUpload(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
  upload: UploadAt,
): Promise<void> {
  if (expectsContinue) res.writeContinue();
  const body = await buffer(req);
  const declared = parseCompleteMultipart(body.toString('utf8'));
  if (!declared) return sendS3Error(req, res, options, MALFORMED_XML);
  const problem = completionProblem(declared, await upload.store.parts(upload.bucket, upload.uploadId));
  if (problem) return sendS3Error(req, res, options, problem);
  const answer = await upload.store.whileCompleting(upload.bucket, upload.key, () =>
    sendBuffered(req, options, body),
  );
  relay(res, answer);
}

/** Without identities, one key pair may do everything (the operator's local key). */
const fixedKeyHolder = (credentials: S3Credentials, accessKeyId: string): LocalIdentity | undefined =>
  accessKeyId === credentials.accessKeyId
    ? { ...credentials, principal: { kind: 'operator', arn: 'arn:aws:iam::000000000000:root' } }
    : undefined;

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
  failure: S3ErrorAnswer,
): void {
  // An upload still waiting for 100-continue never sends its body: the connection cannot be
  // reused. Otherwise read and discard the body so the client sees the answer, not a reset.
  if (expectsContinue) res.setHeader('connection', 'close');
  else req.resume();
  sendS3Error(req, res, options, failure);
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
  { hideMissingObject = false } = {},
): void {
  if (expectsContinue) res.writeContinue();
  const upstreamRequest = http.request(
    {
      host: '127.0.0.1',
      port: options.upstreamPort,
      method: req.method,
      path: req.url,
      headers: forwardableHeaders(req.headers),
      agent: options.agent,
    },
    (upstreamResponse) => {
      if (hideMissingObject && upstreamResponse.statusCode === 404) {
        upstreamResponse.resume();
        return sendS3Error(req, res, options, ACCESS_DENIED);
      }
      res.writeHead(upstreamResponse.statusCode ?? 502, forwardableHeaders(upstreamResponse.headers));
      pipeline(upstreamResponse, res, () => undefined);
    },
  );
  // The store's request can fail at any moment, also after the request's body has gone (a GET's at
  // once), when the pipeline below has ended already: the client must hear of it, or it waits for an
  // answer for ever (a function's S3 call hung until its timeout). Before the answer began: an error the
  // SDK retries; after: the connection cut, as a broken answer from S3 would be.
  let failed = false;
  const storeFailed = () => {
    if (failed) return;
    failed = true;
    if (!res.headersSent) sendS3Error(req, res, options, STORE_FAILED);
    else res.destroy();
  };
  upstreamRequest.on('error', storeFailed);
  // Bodies stream both ways (uploads can be tens of MB); an abort on either side ends both.
  pipeline(req, upstreamRequest, (error) => {
    if (error) storeFailed();
  });
}

interface BufferedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends a body we hold in full (a rewritten request) to s3rver and reads its whole answer. */
function sendBuffered(
  req: IncomingMessage,
  options: VerifyingProxyOptions,
  body: Buffer,
): Promise<BufferedAnswer> {
  const headers = forwardableHeaders(req.headers);
  for (const name of Object.keys(headers)) {
    if (name.startsWith('x-amz-checksum-') || name === 'transfer-encoding') delete headers[name];
  }
  Object.assign(headers, {
    'content-length': body.length,
    'content-md5': createHash('md5').update(body).digest('base64'),
    'x-amz-content-sha256': sha256Hex(body),
  });
  return new Promise((resolve, reject) => {
    const upstreamRequest = http.request(
      {
        host: '127.0.0.1',
        port: options.upstreamPort,
        method: req.method,
        path: req.url,
        headers,
        agent: options.agent,
      },
      (upstreamResponse) => {
        buffer(upstreamResponse).then(
          (answerBody) =>
            resolve({
              status: upstreamResponse.statusCode ?? 502,
              headers: upstreamResponse.headers,
              body: answerBody,
            }),
          reject,
        );
      },
    );
    upstreamRequest.on('error', reject);
    upstreamRequest.end(body);
  });
}

function relay(res: ServerResponse, answer: BufferedAnswer): void {
  // The whole body is in hand: its length replaces whatever framing s3rver chose.
  const { 'transfer-encoding': _framing, ...headers } = answer.headers;
  res.writeHead(
    answer.status,
    forwardableHeaders({ ...headers, 'content-length': String(answer.body.length) }),
  );
  res.end(answer.body);
}

/** Multi-object delete: each key is authorized on its own, and refusals are reported per key. */
async function deleteObjects(
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  options: VerifyingProxyOptions,
  { principal, bucket }: { principal: LocalIdentity['principal']; bucket: string },
): Promise<void> {
  if (expectsContinue) res.writeContinue();
  const body = await buffer(req);
  const request = parseDeleteObjects(body.toString('utf8'));
  const refused = (request?.keys ?? []).filter(
    (key) => authorize(principal, 's3:DeleteObject', s3ObjectArn(bucket, key)) !== 'allow',
  );
  // Nothing to hold back (or not a Delete document, which s3rver refuses itself): pass it on as sent.
  if (!request || refused.length === 0) return relay(res, await sendBuffered(req, options, body));
  const allowed = request.keys.filter((key) => !refused.includes(key));
  if (allowed.length > 0) {
    const upstream = await sendBuffered(
      req,
      options,
      Buffer.from(deleteObjectsXml({ ...request, keys: allowed })),
    );
    if (upstream.status !== 200) return relay(res, upstream);
  }
  const result = Buffer.from(deleteResultXml(allowed, refused, request.quiet));
  res.writeHead(200, {
    'content-type': 'application/xml',
    'content-length': result.length,
    ...corsHeaders(req, options),
  });
  res.end(result);
}

function corsHeaders(req: IncomingMessage, options: VerifyingProxyOptions): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined) return {};
  const { bucket } = bucketAndKey((req.url ?? '/').split('?')[0] ?? '/');
  const rules = options.corsRulesFor
    ? options.corsRulesFor(bucket)
    : options.corsOrigins.length > 0
      ? [defaultCorsRule(options.corsOrigins)]
      : [];
  const rule = matchingCorsRule(rules, origin, req.method ?? 'GET');
  return rule ? corsAnswerHeaders(rule, origin) : {};
}

function sendS3Error(
  req: IncomingMessage,
  res: ServerResponse,
  options: VerifyingProxyOptions,
  failure: S3ErrorAnswer,
): void {
  const body = s3ErrorXml(failure.code, failure.message);
  res.writeHead(failure.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    ...corsHeaders(req, options),
  });
  res.end(body);
}
