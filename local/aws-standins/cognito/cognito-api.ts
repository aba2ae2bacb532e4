/**
 * The Cognito JSON API (`POST /` with `x-amz-target`) as AWS serves it, in the order AWS checks:
 *
 * 1. IAM-authenticated operations go to the IAM authorizer first; its refusal is the answer.
 * 2. A user's access token (GetUser, ChangePassword, ...) must be valid and not revoked.
 * 3. A new password must meet the pool's password policy.
 * 4. The operation: ours (cognito-compat.ts) where cognito-local's is missing or differs, else its.
 *
 * Errors are Cognito's `{ __type, message }` with status 400 (500 for what the stand-in lacks).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/index.js';
import type { CompatOperation } from './cognito-compat';
import { needsIam, type IamAuthorizer } from './cognito-iam';
import type { CognitoLocal } from './cognito-local';
import { assertPasswordConforms, PASSWORD_FIELDS } from './cognito-password-policy';
import { clientAndPool, type CognitoCore } from './cognito-sign-in';
import { verifiedAccessToken } from './cognito-token-use';

const AMZ_JSON = 'application/x-amz-json-1.1';

/** Cognito answers dates as epoch seconds. */
function amzJson(output: unknown): string {
  return JSON.stringify(output, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
  });
}

export function sendAmzJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': AMZ_JSON }).end(typeof body === 'string' ? body : amzJson(body));
}

/** AWS's wording where cognito-local's differs (the SPA may show these texts). */
const AWS_MESSAGES: Record<string, string> = {
  UsernameExistsException: 'An account with the given email already exists.',
  CodeMismatchException: 'Invalid verification code provided, please try again.',
};

/** The error body Cognito answers with: `{ __type, message }`. */
export const awsErrorBody = (error: CognitoError) => ({
  __type: error.code,
  message: AWS_MESSAGES[error.code] ?? error.message,
});

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = body ? JSON.parse(body) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface JsonApiParts {
  local: CognitoLocal;
  core: CognitoCore;
  compat: Record<string, CompatOperation>;
  authorizeIamCall?: IamAuthorizer | undefined;
}

export function jsonApi({ local, core, compat, authorizeIamCall }: JsonApiParts) {
  /** The pool a request's new password belongs to: by pool id, app client or access token. */
  const poolOf = async (ctx: Context, body: Record<string, unknown>): Promise<UserPoolService> => {
    if (typeof body.UserPoolId === 'string') return core.services.cognito.getUserPool(ctx, body.UserPoolId);
    if (typeof body.ClientId === 'string') return (await clientAndPool(core, ctx, body.ClientId)).pool;
    return (await verifiedAccessToken(core, ctx, String(body.AccessToken))).pool;
  };

  /** Steps 2 and 3: what AWS checks before the operation itself. */
  const checkRequest = async (ctx: Context, name: string, body: Record<string, unknown>) => {
    if (!needsIam(name) && typeof body.AccessToken === 'string')
      await verifiedAccessToken(core, ctx, body.AccessToken);
    const field = PASSWORD_FIELDS[name];
    const password = field ? body[field] : undefined;
    if (typeof password === 'string') {
      const pool = await poolOf(ctx, body);
      assertPasswordConforms(pool.options.Policies?.PasswordPolicy, password, name);
    }
  };

  const run = async (res: ServerResponse, name: string, body: Record<string, unknown>) => {
    const operation: CompatOperation = compat[name] ?? local.target(name);
    try {
      await checkRequest(local.ctx, name, body);
      sendAmzJson(res, 200, await operation(local.ctx, body));
    } catch (error) {
      if (error instanceof CognitoError) return sendAmzJson(res, 400, awsErrorBody(error));
      const type = error instanceof UnsupportedError ? 'CognitoLocal#Unsupported' : 'InternalErrorException';
      sendAmzJson(res, 500, { __type: type, message: `${name}: ${String(error)}` });
    }
  };

  return async (req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
    const raw = await text(req);
    if (authorizeIamCall && needsIam(name)) {
      const call = {
        operation: name,
        method: req.method ?? 'POST',
        url: req.url ?? '/',
        headers: req.headers,
      };
      const refusal = await authorizeIamCall({ ...call, body: raw });
      if (refusal) return sendAmzJson(res, refusal.status, refusal.body);
    }
    const body = parseJson(raw);
    if (!body)
      return sendAmzJson(res, 400, { __type: 'SerializationException', message: 'Body is not JSON' });
    return run(res, name, body);
  };
}
