/**
 * AWS Signature Version 4, the parts every local stand-in needs to check a request the way AWS does:
 * reading the `Authorization` header and the credential scope, and recomputing the signature with
 * `@smithy/signature-v4`, the signer the SDKs themselves use, so the canonical request is byte-for-byte
 * theirs. Each service answers failures with its own error codes (s3-signature.ts, sigv4-header.ts).
 */
import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpRequest } from '@smithy/protocol-http';
import { ALGORITHM_IDENTIFIER, SignatureV4, createScope, getCanonicalHeaders } from '@smithy/signature-v4';

export interface SigningSecret {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What a verifier needs from an incoming request; `url` is path and query as sent. */
export interface RequestToVerify {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** Everything of a V4 signature needed to recompute it, whichever form it came in. */
export interface SignatureClaim {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  longDate: string;
  payloadHash: string;
}

export type Query = Record<string, string | string[]>;

/** AWS accepts requests signed up to 15 minutes away from its own clock. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** The raw (still encoded) path and the decoded query parameters, repeated names kept as lists. */
export function splitUrl(url: string): { rawPath: string; query: Query } {
  const parsed = new URL(url, 'http://placeholder');
  const query: Query = {};
  for (const [key, value] of parsed.searchParams) {
    const previous = query[key];
    if (previous === undefined) query[key] = value;
    else query[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { rawPath: url.split('?')[0] || '/', query };
}

/** Parses the ISO 8601 basic format SigV4 signs with: `20240131T235959Z`. */
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

/** `AWS4-HMAC-SHA256 Credential=..., SignedHeaders=a;b, Signature=hex` as a map; undefined for other schemes. */
export function parseAuthorizationHeader(header: string): Map<string, string> | undefined {
  const prefix = `${ALGORITHM_IDENTIFIER} `;
  if (!header.startsWith(prefix)) return undefined;
  const components = header
    .slice(prefix.length)
    .split(',')
    .map((component) => component.trim().split('='));
  return new Map(components.map(([name, ...value]) => [name ?? '', value.join('=')]));
}

export interface CredentialScope {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  terminator: string;
}

/** `Credential` is `<key id>/<yyyymmdd>/<region>/<service>/aws4_request`; undefined unless five non-empty parts. */
export function parseCredentialScope(credential: string): CredentialScope | undefined {
  const parts = credential.split('/');
  const [accessKeyId, scopeDate, region, service, terminator] = parts;
  if (parts.length !== 5 || !accessKeyId || !scopeDate || !region || !service || !terminator)
    return undefined;
  return { accessKeyId, scopeDate, region, service, terminator };
}

export function constantTimeEquals(expected: string, provided: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const providedBytes = Buffer.from(provided, 'utf8');
  return expectedBytes.length === providedBytes.length && timingSafeEqual(expectedBytes, providedBytes);
}

export const sha256Hex = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex');

type SourceData = string | ArrayBuffer | ArrayBufferView;

const toBuffer = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/**
 * SHA-256 and HMAC-SHA256 from node:crypto in the shape the signer takes: every request to a checked
 * stand-in is hashed, and the pure-JavaScript hash made that a visible share of each call's time.
 */
class NodeSha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }

  reset(): void {
    throw new Error('NodeSha256 is single-use');
  }
}

export interface CanonicalParts {
  method: string;
  /** The path as the canonical request should start from (see `uriEscapePath`). */
  path: string;
  query: Query;
  headers: IncomingHttpHeaders;
}

/**
 * The SDK's own signer, asked for the signature the client should have sent. A subclass because the
 * canonical-request step is `protected`: reusing it keeps us byte-for-byte with the SDK.
 * `uriEscapePath`: S3 signs its path as sent; every other service escapes the (already encoded) path again.
 */
class SignatureRecomputer extends SignatureV4 {
  constructor(secret: SigningSecret, service: string, uriEscapePath: boolean) {
    super({
      service,
      region: 'unused',
      credentials: secret,
      sha256: NodeSha256,
      uriEscapePath,
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

/** Recomputes the signature `claim` should carry and compares it in constant time. */
export async function signatureMatches(
  secret: SigningSecret,
  parts: CanonicalParts,
  claim: SignatureClaim,
  options: { uriEscapePath: boolean },
): Promise<boolean> {
  const expected = await new SignatureRecomputer(secret, claim.service, options.uriEscapePath).signatureFor(
    parts,
    claim,
  );
  return constantTimeEquals(expected, claim.signature);
}
