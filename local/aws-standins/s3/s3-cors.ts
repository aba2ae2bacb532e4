/**
 * Bucket CORS rules: as S3's PutBucketCors XML (which s3rver applies to its own answers), and matched
 * here for the proxy's own error answers, which S3 also gives CORS headers when a rule matches, so a
 * browser can read a refusal.
 */
import { escapeXml } from './s3-errors';

/** One CORS rule, as in a bucket's CORS configuration (or CDK's `cors` property). */
export interface CorsRule {
  id?: string;
  allowedOrigins: string[];
  allowedMethods: string[];
  allowedHeaders?: string[];
  exposedHeaders?: string[];
  maxAge?: number;
}

/** A bucket with its own CORS rules (none: no CORS configuration at all). */
export interface BucketDefinition {
  name: string;
  cors?: CorsRule[];
}

/** The rule a bucket given by name gets: the app's origins may GET, PUT and HEAD with any header. */
export function defaultCorsRule(origins: readonly string[]): CorsRule {
  return {
    allowedOrigins: [...origins],
    allowedMethods: ['GET', 'PUT', 'HEAD'],
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag'],
    maxAge: 3000,
  };
}

const tags = (name: string, values: readonly string[] = []) =>
  values.map((value) => `<${name}>${escapeXml(value)}</${name}>`).join('');

/** The XML document S3's PutBucketCors takes. */
export function corsRulesXml(rules: readonly CorsRule[]): string {
  const ruleXml = (rule: CorsRule) =>
    '<CORSRule>' +
    (rule.id === undefined ? '' : tags('ID', [rule.id])) +
    tags('AllowedOrigin', rule.allowedOrigins) +
    tags('AllowedMethod', rule.allowedMethods) +
    tags('AllowedHeader', rule.allowedHeaders) +
    tags('ExposeHeader', rule.exposedHeaders) +
    (rule.maxAge === undefined ? '' : `<MaxAgeSeconds>${rule.maxAge}</MaxAgeSeconds>`) +
    '</CORSRule>';
  return `<CORSConfiguration>${rules.map(ruleXml).join('')}</CORSConfiguration>`;
}

/** S3 allows one `*` in an allowed origin, standing for any run of characters. */
function originMatches(pattern: string, origin: string): boolean {
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === origin;
  const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
  return origin.length >= head.length + tail.length && origin.startsWith(head) && origin.endsWith(tail);
}

/** The first rule allowing `origin` to use `method`, as S3 picks it. */
export function matchingCorsRule(
  rules: readonly CorsRule[],
  origin: string,
  method: string,
): CorsRule | undefined {
  return rules.find(
    (rule) =>
      rule.allowedMethods.includes(method) &&
      rule.allowedOrigins.some((pattern) => originMatches(pattern, origin)),
  );
}

/** The CORS headers S3 adds to an answer to `origin` under `rule`. */
export function corsAnswerHeaders(rule: CorsRule, origin: string): Record<string, string> {
  const anyOrigin = rule.allowedOrigins.includes('*');
  return {
    'access-control-allow-origin': anyOrigin ? '*' : origin,
    'access-control-allow-methods': rule.allowedMethods.join(', '),
    ...(rule.exposedHeaders?.length && { 'access-control-expose-headers': rule.exposedHeaders.join(', ') }),
    ...(rule.maxAge !== undefined && { 'access-control-max-age': String(rule.maxAge) }),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}
