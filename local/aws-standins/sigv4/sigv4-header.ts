/**
 * Signature checks for the AWS services that sign the whole request in the `Authorization` header,
 * body included (DynamoDB, Cognito, SES v2; everything but S3's presigned and streaming forms). The
 * failures carry the codes and messages those services answer with (their shared AWS front end); each
 * stand-in wraps them in its own protocol's error shape (JSON `__type`, or REST-JSON's header).
 *
 * Not modelled: session tokens (`x-amz-security-token`; local keys are long-term keys) and presigned
 * query-string authentication for these services (the SDKs never use it for them).
 */
import type { LocalIdentity, IdentityStore } from '../iam/types';
import {
  MAX_CLOCK_SKEW_MS,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredentialScope,
  sha256Hex,
  signatureMatches,
  single,
  splitUrl,
  type CredentialScope,
  type RequestToVerify,
  type SignatureClaim,
} from './sigv4';

export type HeaderAuthErrorCode =
  | 'MissingAuthenticationTokenException'
  | 'IncompleteSignatureException'
  | 'InvalidSignatureException'
  | 'UnrecognizedClientException';

export interface HeaderAuthFailure {
  ok: false;
  code: HeaderAuthErrorCode;
  message: string;
}

export type HeaderAuthResult = { ok: true; identity: LocalIdentity } | HeaderAuthFailure;

export interface HeaderAuthExpectations {
  /** The signing name the credential scope must carry: `dynamodb`, `cognito-idp`, `ses`. */
  service: string;
  /** The region the credential scope must carry. */
  region: string;
  now?: Date;
}

const failure = (code: HeaderAuthErrorCode, message: string): HeaderAuthFailure => ({
  ok: false,
  code,
  message,
});

export const UNRECOGNIZED_CLIENT = failure(
  'UnrecognizedClientException',
  'The security token included in the request is invalid.',
);
export const SIGNATURE_MISMATCH = failure(
  'InvalidSignatureException',
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
);

/**
 * Checks a header-signed request as AWS does, the payload hash included: the hash is computed from the
 * body actually received, so a body changed after signing fails like a changed header.
 */
export async function authenticateHeaderSignedRequest(
  request: RequestToVerify & { body: Buffer | string },
  identities: IdentityStore,
  expected: HeaderAuthExpectations,
): Promise<HeaderAuthResult> {
  const claimOrFailure = readClaim(request, expected, expected.now ?? new Date());
  if ('ok' in claimOrFailure) return claimOrFailure;
  const claim = claimOrFailure;
  const identity = identities.byAccessKeyId(claim.accessKeyId);
  if (!identity) return UNRECOGNIZED_CLIENT;
  const { rawPath, query } = splitUrl(request.url);
  const parts = { method: request.method, path: rawPath, query, headers: request.headers };
  const matches = await signatureMatches(identity, parts, claim, { uriEscapePath: true });
  return matches ? { ok: true, identity } : SIGNATURE_MISMATCH;
}

function readClaim(
  request: RequestToVerify & { body: Buffer | string },
  expected: HeaderAuthExpectations,
  now: Date,
): SignatureClaim | HeaderAuthFailure {
  const authorization = single(request.headers.authorization);
  if (authorization === undefined || !authorization.trim().startsWith('AWS4-')) {
    return failure('MissingAuthenticationTokenException', 'Request is missing Authentication Token');
  }
  const components = parseAuthorizationHeader(authorization);
  if (!components) {
    const algorithm = authorization.trim().split(' ')[0] ?? '';
    return failure(
      'IncompleteSignatureException',
      `Unsupported AWS 'algorithm': '${algorithm}' (only AWS4-HMAC-SHA256 for now). `,
    );
  }
  const incomplete = missingComponents(components, request);
  if (incomplete)
    return failure('IncompleteSignatureException', `${incomplete}Authorization=${authorization}`);
  const credentialText = components.get('Credential') ?? '';
  const scope = parseCredentialScope(credentialText);
  if (!scope) {
    return failure(
      'IncompleteSignatureException',
      `Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${credentialText}'`,
    );
  }
  const longDate = single(request.headers['x-amz-date']) ?? '';
  const problem = scopeProblems(scope, longDate, expected) ?? dateProblem(longDate, now);
  if (problem) return problem;
  const signedHeaders = (components.get('SignedHeaders') ?? '').split(';');
  if (!signedHeaders.includes('host')) {
    return failure('InvalidSignatureException', "'Host' must be a 'SignedHeader' in the AWS Authorization.");
  }
  return {
    ...scope,
    signedHeaders,
    signature: components.get('Signature') ?? '',
    longDate,
    payloadHash: sha256Hex(request.body),
  };
}

function missingComponents(components: Map<string, string>, request: RequestToVerify): string {
  const missing = ['Credential', 'Signature', 'SignedHeaders']
    .filter((name) => !components.get(name))
    .map((name) => `Authorization header requires '${name}' parameter. `);
  if (request.headers['x-amz-date'] === undefined) {
    // The SDKs always send X-Amz-Date; the `Date` header alternative is not supported here.
    missing.push("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
  }
  return missing.join('');
}

/** AWS lists every scope problem in one message, each sentence ending with a space. */
function scopeProblems(
  scope: CredentialScope,
  longDate: string,
  expected: HeaderAuthExpectations,
): HeaderAuthFailure | undefined {
  const problems = [
    scope.region === expected.region
      ? ''
      : `Credential should be scoped to a valid region, not '${scope.region}'. `,
    scope.service === expected.service
      ? ''
      : `Credential should be scoped to correct service: '${expected.service}'. `,
    scope.terminator === 'aws4_request'
      ? ''
      : `Credential should be scoped with a valid terminator: 'aws4_request', not '${scope.terminator}'. `,
    longDate.startsWith(scope.scopeDate)
      ? ''
      : `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scope.scopeDate}' != '${longDate.slice(0, 8)}', from '${longDate}'.`,
  ].join('');
  return problems ? failure('InvalidSignatureException', problems.trimEnd()) : undefined;
}

const basicFormat = (date: Date): string => date.toISOString().replace(/[-:]|\.\d{3}/g, '');

function dateProblem(longDate: string, now: Date): HeaderAuthFailure | undefined {
  const signedAt = parseAmzDate(longDate);
  if (!signedAt) {
    return failure(
      'IncompleteSignatureException',
      `Date must be in ISO-8601 'basic format'. Got '${longDate}'. See http://en.wikipedia.org/wiki/ISO_8601`,
    );
  }
  const earliest = new Date(now.getTime() - MAX_CLOCK_SKEW_MS);
  const latest = new Date(now.getTime() + MAX_CLOCK_SKEW_MS);
  if (signedAt < earliest) {
    return failure(
      'InvalidSignatureException',
      `Signature expired: ${longDate} is now earlier than ${basicFormat(earliest)} (${basicFormat(now)} - 15 min.)`,
    );
  }
  if (signedAt > latest) {
    return failure(
      'InvalidSignatureException',
      `Signature not yet current: ${longDate} is still later than ${basicFormat(latest)} (${basicFormat(now)} + 15 min.)`,
    );
  }
  return undefined;
}
