/**
 * Faults a test can plan, so the app's handling of Stripe failures can be seen (not Stripe's API):
 * the next `count` API calls matching `method` and `path` (`*` stands for any characters within one
 * path segment, e.g. `/v1/checkout/sessions/*\/expire`) fail in one of three ways:
 *
 * - `error`: answered 500 with Stripe's `api_error` shape, and not run;
 * - `hang`: never answered (the client's timeout fires), and not run;
 * - `drop`: run (its result saved under its Idempotency-Key), then the connection is closed without an
 *   answer, so a client that retries with the same key gets the saved answer.
 *
 * Faults live in memory only and are tried in the order they were planned.
 */
import { invalidRequest } from './errors';
import { randomBase62 } from './ids';

export const FAULT_KINDS = ['error', 'hang', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  id: string;
  method: string;
  path: string;
  kind: FaultKind;
  /** How many more matching calls it applies to. */
  remaining: number;
}

const METHODS = ['GET', 'POST', 'DELETE', '*'];

const patternToRegExp = (pattern: string): RegExp =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Checks a planned fault as `POST /__control/faults` receives it (JSON). */
export const readFaultSpec = (body: unknown): Omit<Fault, 'id'> => {
  if (!isRecord(body)) throw invalidRequest('Send a JSON object: { "method", "path", "kind", "count" }.');
  const { method = 'POST', path, kind, count = 1 } = body;
  if (typeof method !== 'string' || !METHODS.includes(method.toUpperCase())) {
    throw invalidRequest(`method must be one of ${METHODS.join(', ')}.`, 'method');
  }
  if (typeof path !== 'string' || !path.startsWith('/v1/')) {
    throw invalidRequest(
      'path must be an API path starting with /v1/ (`*` matches within a segment).',
      'path',
    );
  }
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw invalidRequest(`kind must be one of ${FAULT_KINDS.join(', ')}.`, 'kind');
  }
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw invalidRequest('count must be a whole number of at least 1.', 'count');
  }
  return { method: method.toUpperCase(), path, kind: kind as FaultKind, remaining: count };
};

export class FaultPlan {
  private faults: Fault[] = [];

  add(spec: Omit<Fault, 'id'>): Fault {
    const fault = { id: `fault_${randomBase62(12)}`, ...spec };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Forgets every planned fault; answers how many there were. */
  clear(): number {
    const count = this.faults.length;
    this.faults = [];
    return count;
  }

  /** Uses up one application of the first fault matching the call, if any. */
  take(method: string, path: string): FaultKind | undefined {
    const fault = this.faults.find(
      (candidate) =>
        (candidate.method === '*' || candidate.method === method) &&
        patternToRegExp(candidate.path).test(path),
    );
    if (fault === undefined) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault.kind;
  }
}
