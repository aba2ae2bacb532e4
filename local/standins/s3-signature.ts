/**
 * AWS Signature Version 4 verification for the local S3 stand-in, because s3rver accepts any
 * V4 signature. Covers both forms S3 accepts: presigned URLs (X-Amz-* query parameters) and
 * signed headers (`Authorization: AWS4-HMAC-SHA256 ...`), with S3's error codes.
 *
 * The canonical request and the signing key come from `@smithy/signature-v4`, the signer the
 * SDK itself uses; this module only parses what the client sent and compares.
 * Not checked: that a body matches a hex `x-amz-content-sha256` (bodies are streamed through;
 * the signature still covers the declared hash).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import {
  ALGORITHM_IDENTIFIER,
  SignatureV4,
  UNSIGNED_PAYLOAD,
  createScope,
  getCanonicalHeaders,
} from '@smithy/signature-v4';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What the verifier needs from an incoming request; `url` is path and query as sent. */
export interface RequestToVerify {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface S3AuthFailure {
  ok: false;
  status: 400 | 403;
  code: string;
  message: string;
}
export type S3AuthResult = { ok: true } | S3AuthFailure;

/** Everything of a V4 signature needed to recompute it, whichever form it came in. */
interface SignatureClaim {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  longDate: string;
  payloadHash: string;
}

const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
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
 * Checks the request's signature like S3 does. Requests with no signature at all are denied:
 * every bucket of ours is private. `now` is a parameter so tests can move the clock.
 */
export async function verifyS3Signature(
  request: RequestToVerify,
  credentials: S3Credentials,
  now: Date = new Date(),
): Promise<S3AuthResult> {
  const { path, query } = splitUrl(request.url);
  const claimOrFailure = readSignatureClaim(request.headers, query, now);
  if ('ok' in claimOrFailure) return claimOrFailure;
  const claim = claimOrFailure;
  if (claim.accessKeyId !== credentials.accessKeyId) return UNKNOWN_ACCESS_KEY;
  const expected = await new SignatureRecomputer(credentials).signatureFor(
    { method: request.method, path, query, headers: request.headers },
    claim,
  );
  return constantTimeEquals(expected, claim.signature) ? { ok: true } : SIGNATURE_MISMATCH;
}

type Query = Record<string, string | string[]>;

function splitUrl(url: string): { path: string; query: Query } {
  const parsed = new URL(url, 'http://placeholder');
  const query: Query = {};
  for (const [key, value] of parsed.searchParams) {
    const previous = query[key];
    if (previous === undefined) query[key] = value;
    else query[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { path: canonicalS3Path(url.split('?')[0] ?? '/'), query };
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

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

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

const unsupportedMechanism = () =>
  fail(
    400,
    'InvalidRequest',
    'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
  );

/** `Credential` is `<key id>/<yyyymmdd>/<region>/<service>/aws4_request`. */
function parseCredential(
  credential: string,
): Pick<SignatureClaim, 'accessKeyId' | 'scopeDate' | 'region' | 'service'> | undefined {
  const parts = credential.split('/');
  const [accessKeyId, scopeDate, region, service, terminator] = parts;
  if (
    parts.length !== 5 ||
    !accessKeyId ||
    !scopeDate ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  ) {
    return undefined;
  }
  return { accessKeyId, scopeDate, region, service };
}

/** Parses the ISO 8601 basic format S3 signs with: `20240131T235959Z`. */
export function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
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

/** `AWS4-HMAC-SHA256 Credential=..., SignedHeaders=a;b, Signature=hex` */
function parseAuthorizationHeader(header: string): Map<string, string> | undefined {
  const prefix = `${ALGORITHM_IDENTIFIER} `;
  if (!header.startsWith(prefix)) return undefined;
  const components = header
    .slice(prefix.length)
    .split(',')
    .map((component) => component.trim().split('='));
  return new Map(components.map(([name, ...value]) => [name ?? '', value.join('=')]));
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

function constantTimeEquals(expected: string, provided: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const providedBytes = Buffer.from(provided, 'utf8');
  return expectedBytes.length === providedBytes.length && timingSafeEqual(expectedBytes, providedBytes);
}

interface CanonicalParts {
  method: string;
  path: string;
  query: Query;
  headers: IncomingHttpHeaders;
}

/**
 * The SDK's own signer, asked for the signature the client should have sent. A subclass because
 * the canonical-request step is `protected`: reusing it keeps us byte-for-byte with the SDK.
 */
class SignatureRecomputer extends SignatureV4 {
  constructor(credentials: S3Credentials) {
    // S3 signs the path as sent (no second encoding) and the region comes from each request.
    super({
      service: 's3',
      region: 'unused',
      credentials,
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  async signatureFor(parts: CanonicalParts, claim: SignatureClaim): Promise<string> {
    const signedHeaderValues = Object.fromEntries(
      claim.signedHeaders.flatMap((name) => {
        const value = parts.headers[name];
        return value === undefined ? [] : [[name, Array.isArray(value) ? value.join(',') : value]];
      }),
    );
    const request = new HttpRequest({
      method: parts.method,
      path: parts.path,
      query: parts.query,
      headers: signedHeaderValues,
    });
    const canonicalHeaders = getCanonicalHeaders(request, undefined, new Set(claim.signedHeaders));
    const canonicalRequest = this.createCanonicalRequest(request, canonicalHeaders, claim.payloadHash);
    const scope = createScope(claim.scopeDate, claim.region, claim.service);
    const stringToSign = await this.createStringToSign(
      claim.longDate,
      scope,
      canonicalRequest,
      ALGORITHM_IDENTIFIER,
    );
    return this.sign(stringToSign, {
      signingDate: parseAmzDate(claim.longDate),
      signingRegion: claim.region,
      signingService: claim.service,
    });
  }
}
