/**
 * AWS Signature Version 4 verification for the local S3 stand-in, because s3rver accepts any
 * V4 signature. Covers both forms S3 accepts: presigned URLs (X-Amz-* query parameters) and
 * signed headers (`Authorization: AWS4-HMAC-SHA256 ...`), with S3's error codes. The secret is
 * found by access key id, so a URL presigned by a function is checked against that function's key.
 *
 * The canonical request and the signing key come from `@smithy/signature-v4` (sigv4.ts); this
 * module only parses what the client sent and compares.
 * Not checked: that a body matches a hex `x-amz-content-sha256` (bodies are streamed through;
 * the signature still covers the declared hash).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ALGORITHM_IDENTIFIER, UNSIGNED_PAYLOAD } from '@smithy/signature-v4';
import type { LocalIdentity } from '../iam/types';
import {
  MAX_CLOCK_SKEW_MS,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredentialScope,
  signatureMatches,
  single,
  splitUrl,
  type Query,
  type RequestToVerify,
  type SignatureClaim,
} from '../sigv4/sigv4';

export { parseAmzDate } from '../sigv4/sigv4';
export type { RequestToVerify } from '../sigv4/sigv4';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3AuthFailure {
  ok: false;
  status: 400 | 403;
  code: string;
  message: string;
}
export type S3AuthResult = { ok: true } | S3AuthFailure;

/** Finds who holds an access key; undefined for a key S3 would not know. */
export type FindIdentity = (accessKeyId: string) => LocalIdentity | undefined;

export interface S3AuthOptions {
  /** The clock; a parameter so tests can move it. */
  now?: Date;
  /** The region the credential scope must name, as each regional endpoint insists; unchecked when absent. */
  region?: string;
}

const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const PAYLOAD_HASH = /^(UNSIGNED-PAYLOAD|STREAMING-[A-Z0-9-]+|[0-9a-f]{64})$/;

const fail = (status: 400 | 403, code: string, message: string): S3AuthFailure => ({
  ok: false,
  status,
  code,
  message,
});

const ACCESS_DENIED = fail(403, 'AccessDenied', 'Access Denied');
const SIGNATURE_MISMATCH = fail(
  403,
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
);
const UNKNOWN_ACCESS_KEY = fail(
  403,
  'InvalidAccessKeyId',
  'The AWS Access Key Id you provided does not exist in our records.',
);

/**
 * Checks the request's signature like S3 does and says whose key made it. Requests with no
 * signature at all are denied: every bucket of ours is private.
 */
export async function authenticateS3Request(
  request: RequestToVerify,
  findIdentity: FindIdentity,
  options: S3AuthOptions = {},
): Promise<{ ok: true; identity: LocalIdentity } | S3AuthFailure> {
  const { rawPath, query } = splitUrl(request.url);
  const claimOrFailure = readSignatureClaim(request.headers, query, options.now ?? new Date());
  if ('ok' in claimOrFailure) return claimOrFailure;
  const claim = claimOrFailure;
  if (options.region !== undefined && claim.region !== options.region) {
    return wrongRegion(claim.region, options.region, 'X-Amz-Algorithm' in query);
  }
  const identity = findIdentity(claim.accessKeyId);
  if (!identity) return UNKNOWN_ACCESS_KEY;
  const parts = { method: request.method, path: canonicalS3Path(rawPath), query, headers: request.headers };
  const matches = await signatureMatches(identity, parts, claim, { uriEscapePath: false });
  return matches ? { ok: true, identity } : SIGNATURE_MISMATCH;
}

/** Checks the request's signature against one fixed key pair (the stand-in without identities). */
export async function verifyS3Signature(
  request: RequestToVerify,
  credentials: S3Credentials,
  now: Date = new Date(),
): Promise<S3AuthResult> {
  const holder: LocalIdentity = { ...credentials, principal: { kind: 'operator', arn: '' } };
  const result = await authenticateS3Request(
    request,
    (accessKeyId) => (accessKeyId === credentials.accessKeyId ? holder : undefined),
    { now },
  );
  return result.ok ? { ok: true } : result;
}

function wrongRegion(signedFor: string, expected: string, presigned: boolean): S3AuthFailure {
  const problem = `the region '${signedFor}' is wrong; expecting '${expected}'`;
  return presigned
    ? fail(
        400,
        'AuthorizationQueryParametersError',
        `Error parsing the X-Amz-Credential parameter; ${problem}`,
      )
    : fail(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; ${problem}`);
}

/**
 * S3 signs the object key URI-encoded once (RFC 3986, `/` kept). Decoding and re-encoding each
 * segment makes `%7E` and `~`, or `%2a` and `*`, sign alike, as S3 treats them.
 */
export function canonicalS3Path(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => encodeRfc3986(safeDecode(segment)))
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const encodeRfc3986 = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const unsupportedMechanism = () =>
  fail(
    400,
    'InvalidRequest',
    'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
  );

/** An S3 credential scope: `<key id>/<yyyymmdd>/<region>/s3/aws4_request`. */
function parseCredential(
  credential: string,
): Pick<SignatureClaim, 'accessKeyId' | 'scopeDate' | 'region' | 'service'> | undefined {
  const scope = parseCredentialScope(credential);
  if (!scope || scope.service !== 's3' || scope.terminator !== 'aws4_request') return undefined;
  const { accessKeyId, scopeDate, region, service } = scope;
  return { accessKeyId, scopeDate, region, service };
}

function readSignatureClaim(
  headers: IncomingHttpHeaders,
  query: Query,
  now: Date,
): SignatureClaim | S3AuthFailure {
  const authorization = headers.authorization;
  const presigned = 'X-Amz-Algorithm' in query;
  if (authorization !== undefined && presigned) {
    return fail(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified',
    );
  }
  if (presigned) return readPresignedClaim(query, now);
  if (authorization !== undefined) return readHeaderClaim(authorization, headers, now);
  if ('Signature' in query || 'AWSAccessKeyId' in query) return unsupportedMechanism();
  return ACCESS_DENIED;
}

function readPresignedClaim(query: Query, now: Date): SignatureClaim | S3AuthFailure {
  const queryError = (message: string) => fail(400, 'AuthorizationQueryParametersError', message);
  const [algorithm, credentialText, longDate, expiresText, signedHeaders, signature] = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ].map((name) => single(query[name]));
  if (algorithm !== ALGORITHM_IDENTIFIER)
    return queryError('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  if (!credentialText || !longDate || !expiresText || !signedHeaders || !signature) {
    return queryError(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  const credential = parseCredential(credentialText);
  if (!credential) return queryError(`Error parsing the X-Amz-Credential parameter: "${credentialText}"`);
  const signedAt = parseAmzDate(longDate);
  if (!signedAt || !longDate.startsWith(credential.scopeDate)) {
    return queryError(
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\" and match the credential date",
    );
  }
  const expiresSeconds = Number(expiresText);
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 0 || expiresSeconds > MAX_PRESIGNED_SECONDS) {
    return queryError('X-Amz-Expires must be a whole number of seconds from 0 to 604800');
  }
  if (now.getTime() > signedAt.getTime() + expiresSeconds * 1000)
    return fail(403, 'AccessDenied', 'Request has expired');
  if (signedAt.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS)
    return fail(403, 'AccessDenied', 'Request is not valid yet');
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return queryError('X-Amz-SignedHeaders must include host');
  // Presigned URLs never sign the body: the payload hash is always UNSIGNED-PAYLOAD.
  return { ...credential, signedHeaders: headerNames, signature, longDate, payloadHash: UNSIGNED_PAYLOAD };
}

function readHeaderClaim(
  authorization: string,
  headers: IncomingHttpHeaders,
  now: Date,
): SignatureClaim | S3AuthFailure {
  const malformed = (message: string) => fail(400, 'AuthorizationHeaderMalformed', message);
  if (/^AWS /.test(authorization)) return unsupportedMechanism();
  const components = parseAuthorizationHeader(authorization);
  if (!components) return fail(400, 'InvalidArgument', 'Unsupported Authorization Type');
  const [credentialText, signedHeaders, signature] = ['Credential', 'SignedHeaders', 'Signature'].map(
    (name) => components.get(name),
  );
  if (!credentialText || !signedHeaders || !signature) {
    return malformed(
      'The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.',
    );
  }
  const credential = parseCredential(credentialText);
  if (!credential)
    return malformed(
      `The authorization header is malformed; the Credential is mal-formed: "${credentialText}"`,
    );
  const payloadHash = single(headers['x-amz-content-sha256']);
  if (payloadHash === undefined)
    return fail(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (!PAYLOAD_HASH.test(payloadHash)) {
    return fail(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.',
    );
  }
  const longDate = single(headers['x-amz-date']) ?? '';
  const signedAt = parseAmzDate(longDate);
  if (!signedAt)
    return fail(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (!longDate.startsWith(credential.scopeDate))
    return malformed('The authorization header is malformed; the credential date does not match x-amz-date.');
  if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host'))
    return malformed('The authorization header is malformed; SignedHeaders must include host.');
  return { ...credential, signedHeaders: headerNames, signature, longDate, payloadHash };
}
