/**
 * The error answers a route declares besides its success: a status and the text its body carries.
 * Our answers are `{ message }`; the content API answers Sanity's `{ error: { description, type } }`.
 * The texts are the ones in shared/texts (errors.ts and the `*-errors.ts` modules), never copied: a fixed
 * text is declared as itself, a text made by a function as that function, and a text the request
 * itself shapes (a schema's complaint about a field, a rule's verdict) as `anyText`.
 *
 * The typed client narrows a failed call on these (RouteError), the fuzz tests check every 4xx they
 * provoke against them (errorAnswerMatches), and a unit test checks them against the errors the
 * handlers can throw (handler-errors.test.ts).
 */
import { serverErrors } from '../texts/errors';
import { sellerToolErrors } from '../texts/seller-tools-errors';
import { teamErrors } from '../texts/team-errors';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 423 | 429 | 503;

/** A fixed text, or a function of shared/ that makes one (its arguments fill placeholders). */
export type AnswerText = string | ((...args: never[]) => string);

export interface ErrorAnswer {
  status: ErrorStatus;
  text: AnswerText;
  /** Sanity's error body (the content API) instead of ours. */
  shape?: 'sanity';
}

/** Any text: the request shapes it (which field a schema refused and why, a rule's verdict). */
export const anyText = (text: string): string => text;

export const answer = <const S extends ErrorStatus, const T extends AnswerText>(status: S, text: T) => ({
  status,
  text,
});

export const sanityAnswer = <const S extends ErrorStatus, const T extends AnswerText>(
  status: S,
  text: T,
) => ({
  status,
  text,
  shape: 'sanity' as const,
});

/**
 * What every route can answer before its own code runs. API Gateway's own answers (an unmatched path,
 * a route over its throttling budget, a body over its payload limit) carry its wording; the group
 * function refuses a request that went around CloudFront (origin-verify.ts), answers 404 for a route
 * the deployment sends it but its code does not serve, and 503 when a secret or a service cannot be
 * read; the HTTP layer refuses a body that is not JSON and any input its schemas refuse (400, the
 * schema's complaint).
 */
export const EVERY_ROUTE_ANSWERS = [
  answer(400, serverErrors.invalidBody),
  answer(400, anyText),
  answer(403, serverErrors.originRefused),
  answer(404, 'Not Found'),
  answer(404, serverErrors.routeNotImplemented),
  answer(413, 'Request Entity Too Large'),
  answer(429, 'Too Many Requests'),
  answer(503, serverErrors.serviceUnavailable),
] as const;

/** A seller route also refuses a caller without a seller's ID token (the JWT authorizer, then the handler). */
export const SELLER_ROUTE_ANSWERS = [
  ...EVERY_ROUTE_ANSWERS,
  answer(401, serverErrors.unauthorized),
  // A removed member (functions/lib/http.ts).
  answer(401, teamErrors.memberRemoved),
  // The caller's role is below the route's (functions/lib/http.ts).
  answer(403, teamErrors.roleRefused),
  // A photographer's call on a gallery not open to them (functions/domains/teams/gallery-scope.ts).
  answer(404, sellerToolErrors.galleryNotFound),
] as const;

/** The body an answer declares, as the client sees it. */
export type ErrorBody<A extends ErrorAnswer> = A extends { shape: 'sanity' }
  ? { error: { description: A['text'] extends string ? A['text'] : string; type: string } }
  : { message: A['text'] extends string ? A['text'] : string };

/** One declared answer as status and body: narrow on `status`, then on the body's text. */
export type DeclaredError<A extends ErrorAnswer> = A extends ErrorAnswer
  ? { status: A['status']; body: ErrorBody<A> }
  : never;

/** Arguments a text function is called with to find its fixed parts (numbers, as most placeholders are). */
const SAMPLE_ARGUMENTS = [1, 7, 8, 120];

/**
 * Whether `text` is one `declared` makes: itself, or (for a function) a text with the function's
 * fixed parts around its placeholders. The fixed parts are what calls with different arguments share
 * at both ends, so no pattern is written twice.
 */
export function textMatches(declared: AnswerText, text: string): boolean {
  if (typeof declared === 'string') return declared === text;
  const call = declared as (...args: unknown[]) => unknown;
  const samples = SAMPLE_ARGUMENTS.map((n) => String(call(n, n, n)));
  const prefix = samples.reduce(commonPrefix);
  const suffix = reverse(samples.map(reverse).reduce(commonPrefix));
  return text.length >= prefix.length + suffix.length && text.startsWith(prefix) && text.endsWith(suffix);
}

const reverse = (text: string): string => [...text].reverse().join('');

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** The text an error body carries: ours (`message`) or Sanity's (`error.description`). */
export function errorBodyText(body: unknown, shape?: 'sanity'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value =
    shape === 'sanity'
      ? (body as { error?: { description?: unknown } }).error?.description
      : (body as { message?: unknown }).message;
  return typeof value === 'string' ? value : undefined;
}

/** Whether an error answer (status and parsed body) is one of `declared`. */
export function errorAnswerMatches(declared: readonly ErrorAnswer[], status: number, body: unknown): boolean {
  return declared.some((candidate) => {
    if (candidate.status !== status) return false;
    const text = errorBodyText(body, candidate.shape);
    return text !== undefined && textMatches(candidate.text, text);
  });
}
