/**
 * Errors answered in Stripe's JSON shape `{ error: { type, message, code?, param? } }` with the
 * status codes the `stripe` SDK maps to its error classes (400/404 invalid request, 401
 * authentication, 402 card, 403 permission).
 */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code !== undefined) error.code = this.code;
    if (this.param !== undefined) error.param = this.param;
    return { error };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

export const missingParam = (param: string): StripeApiError =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string): StripeApiError =>
  invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

export const resourceMissing = (objectName: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${objectName}: '${id}'`,
    'resource_missing',
    param,
  );

export const unrecognizedUrl = (method: string, path: string): StripeApiError =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );

/** Stripe reports authentication failures as invalid_request_error with status 401. */
export const authenticationFailed = (message: string): StripeApiError =>
  new StripeApiError(401, 'invalid_request_error', message);

export const idempotencyError = (message: string): StripeApiError =>
  new StripeApiError(400, 'idempotency_error', message);
