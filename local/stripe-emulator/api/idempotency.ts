/**
 * Idempotent requests as Stripe defines them: a POST with an `Idempotency-Key` is run once; the
 * same key with the same parameters replays the saved answer (with `Idempotent-Replayed: true`),
 * and with different parameters or another endpoint is refused with an idempotency_error. Only
 * successful results are saved, as Stripe saves nothing for requests that fail validation.
 * Keys are forgotten after 24 hours.
 */
import { idempotencyError } from '../errors';
import type { FormObject } from '../form-body';
import type { IdempotencyRecord } from '../objects/types';
import { unixNow } from '../webhooks/signing';

const KEY_LIFETIME_SECONDS = 24 * 60 * 60;

/** Key order does not matter to Stripe, so the fingerprint sorts it. */
export const fingerprint = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  params: FormObject;
  /** The `Stripe-Account` the request is made for (null: the platform). */
  account?: string | null;
}

/** The saved answer to replay, or undefined when the request must run. Throws on a conflicting reuse. */
export const findReplay = (
  records: Record<string, IdempotencyRecord>,
  request: IdempotentRequest,
): IdempotencyRecord | undefined => {
  const record = records[request.key];
  if (record === undefined) return undefined;
  if (record.created + KEY_LIFETIME_SECONDS < unixNow()) {
    delete records[request.key];
    return undefined;
  }
  // The emulator's rule: a key reused for another account is refused like one reused elsewhere.
  if ((record.account ?? null) !== (request.account ?? null)) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same account they were first used for. Try using a key other than '${request.key}' if you meant to execute a different request.`,
    );
  }
  if (record.method !== request.method || record.path !== request.path) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${record.method} ${record.path}' vs '${request.method} ${request.path}'). Try using a key other than '${request.key}' if you meant to execute a different request.`,
    );
  }
  if (record.fingerprint !== fingerprint(request.params)) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.key}' if you meant to execute a different request.`,
    );
  }
  return record;
};

export const saveResult = (
  records: Record<string, IdempotencyRecord>,
  request: IdempotentRequest,
  status: number,
  body: unknown,
): void => {
  records[request.key] = {
    key: request.key,
    account: request.account ?? null,
    method: request.method,
    path: request.path,
    fingerprint: fingerprint(request.params),
    status,
    // A snapshot: the live object changes later (a session gets paid) but a replay must not.
    body: structuredClone(body),
    created: unixNow(),
  };
};

/** Drops expired keys so a long-running emulator does not grow without bound. */
export const pruneExpired = (records: Record<string, IdempotencyRecord>): void => {
  const oldest = unixNow() - KEY_LIFETIME_SECONDS;
  for (const [key, record] of Object.entries(records)) if (record.created < oldest) delete records[key];
};
